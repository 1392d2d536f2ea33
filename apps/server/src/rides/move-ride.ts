import { RIDE_MACHINE, type RideStatus, STATUS_LABELS } from '@openride/shared/rides/ride-state';
import type { Kysely, Updateable } from 'kysely';
import type { DB, RidesTable } from '../db/schema';
import { move as moveRow, settledOrRefused as settled } from '../lib/move';
import type { Actor } from './actor';
import type { RideRow } from './rides.repo';

/**
 * The one statement that changes a ride's status (lib/move.ts on the ride's machine): a conditional update from the statuses the state
 * machine allows this actor (`sourcesOf(to, actor)`), on the rows the actor may touch (their ride as its
 * rider, or as its driver). A ride that moved meanwhile matches nothing, so of two racing transitions
 * exactly one wins. Returns the updated row, or undefined when the table or the ride's status said no.
 *
 * Lock order (decision 0021): the verb has locked the ride and its open offers already
 * (`lockRideForTransition` in db/ride-locks.ts), in its transaction (`inTransaction`), before this runs;
 * `at` is that lock's `at`, the moment every stamp of the transition takes.
 */
export async function moveRide(
  trx: Kysely<DB>,
  move: { rideId: string; to: RideStatus; actor: Actor; at: Date; scope?: { riderId?: string; driverId?: string }; set?: Updateable<RidesTable> },
): Promise<RideRow | undefined> {
  const { riderId, driverId } = move.scope ?? {};
  return moveRow(trx, RIDE_MACHINE, {
    table: 'rides',
    id: move.rideId,
    to: move.to,
    actor: move.actor.kind,
    set: { ...move.set, updated_at: move.at },
    where:
      riderId || driverId
        ? (eb) => eb.and([...(riderId ? [eb('rider_id', '=', riderId)] : []), ...(driverId ? [eb('driver_id', '=', driverId)] : [])])
        : undefined,
  });
}

/**
 * After a refused move: a ride already where the caller wanted it comes back unchanged (a retried tap is
 * not an error); any other status is a 409 that says where the ride stands.
 */
export function settledOrRefused(current: RideRow, to: RideStatus, message = `This ride is ${STATUS_LABELS[current.status].toLowerCase()}.`): RideRow {
  return settled(current, to, message);
}
