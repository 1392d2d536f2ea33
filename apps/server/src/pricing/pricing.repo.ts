import { RIDE_TYPES, type LatLng, type RideType } from '@openride/shared/rides/schemas';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { AppError } from '../lib/errors';
import { haversineMeters } from '../routing/great-circle-routing';

/**
 * "We can't price or serve this place": valid input we will not act on, hence 422 rather than 400. The
 * wire code stays BAD_REQUEST (the shared error codes have no 422 of their own yet); the message is the
 * one the rider reads.
 */
/** Well-formed, but not something we can do (e.g. a pickup outside every city we serve). */
export class UnprocessableError extends AppError {
  constructor(message: string) {
    super('UNPROCESSABLE', message);
  }
}

export const outsideServiceArea = () => new UnprocessableError("We don't operate here yet.");

/**
 * The city whose service radius holds the point; the nearest center wins where circles overlap. A
 * handful of rows, read whole: a spatial index is not worth it until there are hundreds of cities.
 */
export async function findCityAt(db: Kysely<DB>, point: LatLng) {
  const cities = await db.selectFrom('cities').selectAll().execute();
  let best: ((typeof cities)[number] & { distance_m: number }) | undefined;
  for (const city of cities) {
    const distance_m = haversineMeters(point, { lat: city.center_lat, lng: city.center_lng });
    if (distance_m <= city.radius_km * 1000 && (!best || distance_m < best.distance_m)) best = { ...city, distance_m };
  }
  return best;
}

export const PRICING_COLUMNS = ['ride_type', 'base_cents', 'per_km_cents', 'per_min_cents', 'minimum_cents', 'booking_fee_cents', 'seats', 'updated_at'] as const;

/** The city's pricing rows in the ride types' display order (economy, comfort, xl). */
export async function pricingOf(db: Kysely<DB>, cityId: string) {
  const rows = await db.selectFrom('pricing').select(PRICING_COLUMNS).where('city_id', '=', cityId).execute();
  const order = (t: RideType) => RIDE_TYPES.indexOf(t);
  return rows.sort((a, b) => order(a.ride_type) - order(b.ride_type));
}
