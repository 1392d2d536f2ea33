import type { Collection } from '@openride/shared/payouts/views';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';
import { agingFrom, driverStanding } from './driver-ledger';
import { type CityScope, inCityScope } from '../roles/city-scope';

/** How many drivers the Collections tab lists at most (the most owed first). */
const LIMIT = 200;

/** One driver's line in Collections, or null when they owe nothing. */
export async function collectionOf(db: Kysely<DB>, driverId: string, now = new Date()): Promise<Collection | null> {
  const driver = await db.selectFrom('drivers').select(['id', 'full_name']).where('id', '=', driverId).executeTakeFirst();
  if (!driver) return null;
  const { city, txns, standing } = await driverStanding(db, driverId, now);
  if (standing.balance_cents <= 0) return null;
  const { aging, oldest_unpaid_at } = agingFrom(txns, now);
  return {
    driver_id: driver.id,
    driver_name: driver.full_name,
    city_id: city.id,
    currency: city.currency,
    owed_cents: standing.balance_cents,
    aging,
    oldest_unpaid_at,
    standing,
  };
}

/**
 * The Collections tab (decision 0040): every driver who owes the platform (their account's balance > 0), by
 * the age of what they owe and whether the negative-balance rule keeps them offline. Most owed first.
 */
export async function listCollections(db: Kysely<DB>, query: { city?: string }, now = new Date(), scope: CityScope = null) {
  const { rows } = await sql<{ driver_id: string }>`
    select a.owner_id as driver_id
    from ledger_accounts a join ledger_entries e on e.account_id = a.id
    where a.code = 'driver'
    group by a.owner_id
    having sum(e.amount_cents) > 0
    order by sum(e.amount_cents) desc
    limit ${LIMIT}`.execute(db);
  const collections: Collection[] = [];
  for (const r of rows) {
    const c = await collectionOf(db, r.driver_id, now);
    if (c && (!query.city || c.city_id === query.city) && inCityScope(scope, c.city_id)) collections.push(c);
  }
  return collections.sort((a, b) => b.owed_cents - a.owed_cents);
}
