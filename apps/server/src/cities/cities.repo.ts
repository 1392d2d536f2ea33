import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/**
 * Which city a point is in is decided by the cities' service-area polygons: `services.zones`
 * (zones/zone-locator.ts, decision 0031), never by reading the cities here.
 */

/** A city as its public price list names it. */
export function findCity(db: Kysely<DB>, id: string) {
  return db.selectFrom('cities').select(['id', 'name', 'currency']).where('id', '=', id).executeTakeFirst();
}
