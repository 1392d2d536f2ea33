import type { Kysely, Transaction } from 'kysely';
import type { DB, RideEventsTable } from '../db/schema';

export type RideEventKind = RideEventsTable['kind'];
export type RideEventActor = RideEventsTable['actor'];

/**
 * Writes a moment of a ride that is not a status change (an SOS, a ride check and its answer) into
 * `ride_events`, inside the caller's transaction, so it commits with the change that causes it. The
 * operator's timeline (`getRideForOperator`) reads them. `detail` is a short machine-readable note.
 */
export async function recordRideEvent(
  trx: Kysely<DB> | Transaction<DB>,
  event: { rideId: string; kind: RideEventKind; actor: RideEventActor; detail?: string | null; at?: Date },
) {
  return trx
    .insertInto('ride_events')
    .values({ ride_id: event.rideId, kind: event.kind, actor: event.actor, detail: event.detail ?? null, ...(event.at ? { at: event.at } : {}) })
    .returning(['id', 'at'])
    .executeTakeFirstOrThrow();
}
