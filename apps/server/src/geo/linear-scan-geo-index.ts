import { DEFAULT_GEO_TTL_MS, haversineMeters, type GeoIndex, type GeoIndexOptions, type GeoPoint, type NearbyDriver } from './geo-index';

type Entry = { lat: number; lng: number; seen: number };

/** Orders by distance, then by id, so results are deterministic when two drivers are equally far. */
export function compareNearby(a: NearbyDriver, b: NearbyDriver): number {
  return a.distance_m - b.distance_m || (a.driverId < b.driverId ? -1 : a.driverId > b.driverId ? 1 : 0);
}

/**
 * Every driver checked on every query. Deliberately naive: it is the baseline the grid is benchmarked
 * against and the oracle the tests compare the other implementations with, so it must be obviously right.
 */
export function createLinearScanGeoIndex(options: GeoIndexOptions = {}): GeoIndex {
  const ttl = options.ttl_ms ?? DEFAULT_GEO_TTL_MS;
  const now = options.now ?? Date.now;
  const cities = new Map<string, Map<string, Entry>>();
  const fresh = (e: Entry, t: number) => t - e.seen <= ttl;

  return {
    async upsert(cityId, driverId, point) {
      let city = cities.get(cityId);
      if (!city) cities.set(cityId, (city = new Map()));
      city.set(driverId, { lat: point.lat, lng: point.lng, seen: now() });
    },
    async remove(cityId, driverId) {
      cities.get(cityId)?.delete(driverId);
    },
    async nearest(cityId, point, { radius_m, limit, exclude }) {
      const t = now();
      const found: NearbyDriver[] = [];
      for (const [driverId, e] of cities.get(cityId) ?? []) {
        if (!fresh(e, t) || exclude?.has(driverId)) continue;
        const distance_m = haversineMeters(point, e);
        if (distance_m <= radius_m) found.push({ driverId, lat: e.lat, lng: e.lng, distance_m });
      }
      return found.sort(compareNearby).slice(0, Math.max(0, limit));
    },
    async position(cityId, driverId): Promise<GeoPoint | null> {
      const e = cities.get(cityId)?.get(driverId);
      return e && fresh(e, now()) ? { lat: e.lat, lng: e.lng } : null;
    },
    async size(cityId) {
      const t = now();
      let n = 0;
      for (const e of cities.get(cityId)?.values() ?? []) if (fresh(e, t)) n++;
      return n;
    },
    async all(cityId) {
      const t = now();
      const out: Array<{ driverId: string } & GeoPoint> = [];
      for (const [driverId, e] of cities.get(cityId) ?? []) if (fresh(e, t)) out.push({ driverId, lat: e.lat, lng: e.lng });
      return out.sort((a, b) => (a.driverId < b.driverId ? -1 : a.driverId > b.driverId ? 1 : 0));
    },
    async close() {
      cities.clear();
    },
  };
}
