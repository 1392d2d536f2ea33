import type { LatLng } from '@openride/shared/rides/schemas';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { haversineMeters } from '../routing/great-circle-routing';

/** What deciding "which city is this point in" needs of a city. */
export type CityArea = { id: string; center_lat: number; center_lng: number; radius_km: number };

/**
 * The city whose service radius holds the point; the nearest centre wins where circles overlap. The one
 * answer to "do we serve this place, and as which city": pricing, booking and the location path all ask it.
 */
export function cityContaining<C extends CityArea>(cities: readonly C[], point: LatLng): C | undefined {
  let best: { city: C; d: number } | undefined;
  for (const city of cities) {
    const d = haversineMeters(point, { lat: city.center_lat, lng: city.center_lng });
    if (d <= city.radius_km * 1000 && (!best || d < best.d)) best = { city, d };
  }
  return best?.city;
}

/**
 * The city holding the point, read whole from the database: a handful of rows, so a spatial index is not
 * worth it until there are hundreds of cities.
 */
export async function findCityAt(db: Kysely<DB>, point: LatLng) {
  return cityContaining(await db.selectFrom('cities').selectAll().execute(), point);
}

/** A city as its public price list names it. */
export function findCity(db: Kysely<DB>, id: string) {
  return db.selectFrom('cities').select(['id', 'name', 'currency']).where('id', '=', id).executeTakeFirst();
}
