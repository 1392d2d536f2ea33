import type { LatLng } from '@openride/shared/rides/schemas';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { type CityArea, cityContaining } from './cities.repo';

type City = CityArea;
const TTL_MS = 60_000;

/** The cities, read once a minute: the location path asks "which city is this fix in?" on every frame. */
export function createCityLocator(db: Kysely<DB>) {
  let cities: City[] = [];
  let loadedAt = -Infinity;
  let loading: Promise<void> | null = null;

  async function refresh() {
    cities = await db.selectFrom('cities').select(['id', 'center_lat', 'center_lng', 'radius_km']).execute();
    loadedAt = Date.now();
  }

  return {
    async all(): Promise<City[]> {
      if (Date.now() - loadedAt > TTL_MS) await (loading ??= refresh().finally(() => (loading = null)));
      return cities;
    },
    /** The city whose service radius holds the point (nearest centre where circles overlap), or null. */
    async at(point: LatLng): Promise<string | null> {
      return cityContaining(await this.all(), point)?.id ?? null;
    },
  };
}
export type CityLocator = ReturnType<typeof createCityLocator>;
