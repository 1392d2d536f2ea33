import { RIDE_TYPES, type RideType } from '@openride/shared/rides/schemas';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

export const PRICING_COLUMNS = ['ride_type', 'base_cents', 'per_km_cents', 'per_min_cents', 'minimum_cents', 'booking_fee_cents', 'seats', 'updated_at'] as const;

/** The city's pricing rows in the ride types' display order (economy, comfort, xl). */
export async function pricingOf(db: Kysely<DB>, cityId: string) {
  const rows = await db.selectFrom('pricing').select(PRICING_COLUMNS).where('city_id', '=', cityId).execute();
  const order = (t: RideType) => RIDE_TYPES.indexOf(t);
  return rows.sort((a, b) => order(a.ride_type) - order(b.ride_type));
}
