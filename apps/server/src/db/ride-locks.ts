import { type Kysely, type Selectable, sql } from 'kysely';
import type { DB, DriversTable, RideOffersTable, RidesTable } from './schema';
import { RetryTransaction } from './retryable';

/**
 * The one place that takes the locks of a change to rides, offers and drivers (issue 18, decision 0021).
 * Every transaction takes them in this order, skipping what it does not need, never going back:
 *
 *   1. the ride row            (`lockRideForTransition`)
 *   2. that ride's open offers, by id   (same call)
 *   3. the driver row          (`lockDriver`, or `lockDriverForChange` when the change starts from the driver)
 *
 * Two transactions that take locks in one order cannot wait on each other in a circle, so they cannot
 * deadlock: the later one waits for the earlier to commit, then finds the ride moved on and loses
 * cleanly (409). Rows are locked `for no key update`, which leaves foreign-key checks free: writing a
 * notification, a chat message or a breadcrumb of a locked ride does not wait.
 */
type RideRow = Selectable<RidesTable>;
type OfferRow = Selectable<RideOffersTable>;
type DriverRow = Selectable<DriversTable>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `at`: the moment of the change, read from the database's clock once the locks are held. Every stamp a
 * transition writes (accepted_at, cancelled_at, an offer's closed_at, updated_at…) is this one value: a
 * transaction that waited for the lock is stamped after the one it waited for, so the stamps of two racing
 * changes keep the order in which they happened (`now()` and a time read before the lock were the
 * transaction's start: a cancel that waited for an accept was stamped before it, issue 27). Whole
 * milliseconds, as the web and the other stamps read them.
 */
export type LockedRide = { ride: RideRow; openOffers: OfferRow[]; at: Date };

/** The database's clock now (not the transaction's start, as `now()` is), in whole milliseconds. */
export async function lockedAt(trx: Kysely<DB>): Promise<Date> {
  const { rows } = await sql<{ at: Date }>`select date_trunc('milliseconds', clock_timestamp()) as at`.execute(trx);
  return new Date(rows[0]!.at);
}

/**
 * Locks 1 and 2: the ride, then its open offers in id order. Undefined when there is no such ride (or,
 * with `skipLocked`, when another transaction holds it: dispatch moves on to the next ride).
 */
export async function lockRideForTransition(trx: Kysely<DB>, rideId: string, opts: { skipLocked?: boolean } = {}): Promise<LockedRide | undefined> {
  if (!UUID.test(rideId)) return undefined;
  let query = trx.selectFrom('rides').selectAll().where('id', '=', rideId).forNoKeyUpdate();
  if (opts.skipLocked) query = query.skipLocked();
  const ride = await query.executeTakeFirst();
  if (!ride) return undefined;
  const openOffers = await trx
    .selectFrom('ride_offers')
    .selectAll()
    .where('ride_id', '=', rideId)
    .where('status', '=', 'offered')
    .orderBy('id')
    .forNoKeyUpdate()
    .execute();
  return { ride, openOffers, at: await lockedAt(trx) };
}

/**
 * Lock 3: the driver row, last. `share` for a reader that must see the driver as it stands until commit
 * (dispatch, before its offer goes out, so that a suspend or a going offline cannot pass it); `update`
 * for a writer.
 */
export function lockDriver(trx: Kysely<DB>, driverId: string, mode: 'share' | 'update') {
  const query = trx.selectFrom('drivers').selectAll().where('id', '=', driverId);
  return (mode === 'share' ? query.forShare() : query.forNoKeyUpdate()).executeTakeFirst();
}

/**
 * For a change that starts from the driver (going offline, a suspend): the ride of the driver's open offer
 * and that offer first, then the driver, so that it meets an accept or a cancel of that ride in the same
 * order. The offer is looked up before any lock; if another one appeared on a ride not locked by the time
 * the driver is (dispatch offered one in between), the transaction starts again (inTransaction), because
 * that ride's lock cannot be taken after the driver's.
 */
export async function lockDriverForChange(trx: Kysely<DB>, driverId: string): Promise<{ driver: DriverRow; openOffer?: OfferRow } | undefined> {
  const seen = await trx.selectFrom('ride_offers').select('ride_id').where('driver_id', '=', driverId).where('status', '=', 'offered').executeTakeFirst();
  const locked = seen ? await lockRideForTransition(trx, seen.ride_id) : undefined;
  const driver = await lockDriver(trx, driverId, 'update');
  if (!driver) return undefined;
  const open = await trx.selectFrom('ride_offers').select('ride_id').where('driver_id', '=', driverId).where('status', '=', 'offered').execute();
  if (open.some((o) => o.ride_id !== seen?.ride_id)) throw new RetryTransaction('the driver was offered another ride meanwhile');
  return { driver, openOffer: locked?.openOffers.find((o) => o.driver_id === driverId) };
}
