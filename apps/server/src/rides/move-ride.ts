import { type RideStatus, sourcesOf, STATUS_LABELS } from '@openride/shared/rides/ride-state';
import type { Kysely, Updateable } from 'kysely';
import type { DB, RidesTable } from '../db/schema';
import { domainError } from '../lib/errors';
import type { Actor } from './actor';
import type { RideRow } from './rides.repo';

/**
 * The one statement that changes a ride's status: a conditional update from the statuses the state
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
  const from = sourcesOf(move.to, move.actor.kind);
  if (from.length === 0) return undefined;
  let update = trx
    .updateTable('rides')
    .set({ ...move.set, status: move.to, updated_at: move.at })
    .where('id', '=', move.rideId)
    .where('status', 'in', from);
  if (move.scope?.riderId) update = update.where('rider_id', '=', move.scope.riderId);
  if (move.scope?.driverId) update = update.where('driver_id', '=', move.scope.driverId);
  return update.returningAll().executeTakeFirst();
}

/**
 * After a refused move: a ride already where the caller wanted it comes back unchanged (a retried tap is
 * not an error); any other status is a 409 that says where the ride stands.
 */
export function settledOrRefused(current: RideRow, to: RideStatus, message = `This ride is ${STATUS_LABELS[current.status].toLowerCase()}.`): RideRow {
  if (current.status === to) return current;
  throw domainError('INVALID_TRANSITION', message);
}
