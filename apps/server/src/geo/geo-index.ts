/**
 * The online-driver geo index: where every AVAILABLE driver is, per city, so dispatch can ask "who is
 * nearest to this pickup" without touching the database. It holds only drivers who can take an offer right
 * now: a driver is upserted on each GPS frame while available and removed when they go offline or accept a
 * ride. Positions expire after a TTL without a frame (a driver whose phone died must not get offers).
 *
 * Implementations, chosen like the bus (wiring is done by the server, not here):
 * - embedded mode (no REDIS_URL): `createMemoryGeoIndex` — a uniform lat/lng grid in process memory;
 * - scaled mode (REDIS_URL set): `createRedisGeoIndex` — Redis GEO sets shared by every server process;
 * - `createLinearScanGeoIndex` — a full scan per query: the benchmark baseline and the tests' oracle.
 *
 * Keys are per city (`cityId`), which keeps each index small and leaves the door open to sharding by city.
 * Known limitation: no implementation handles the antimeridian (±180° longitude) or the poles specially —
 * a search near them misses drivers on the other side. No city we serve is there.
 */
export type GeoPoint = { lat: number; lng: number };
export type NearbyDriver = { driverId: string; lat: number; lng: number; distance_m: number };

export type NearestOptions = { radius_m: number; limit: number; exclude?: ReadonlySet<string> };

export type GeoIndex = {
  /** Position of an AVAILABLE driver; refreshes the driver's TTL. */
  upsert(cityId: string, driverId: string, point: GeoPoint): Promise<void>;
  /** Went offline or took a ride. */
  remove(cityId: string, driverId: string): Promise<void>;
  /** Up to `limit` drivers within `radius_m` of `point`, not in `exclude`, sorted by distance ascending. */
  nearest(cityId: string, point: GeoPoint, opts: NearestOptions): Promise<NearbyDriver[]>;
  position(cityId: string, driverId: string): Promise<GeoPoint | null>;
  /** Drivers currently in the index (expired entries excluded). */
  size(cityId: string): Promise<number>;
  /** Every available driver of the city with their position, by id: for the admin map and supply sampling, not the hot path. */
  all(cityId: string): Promise<Array<{ driverId: string } & GeoPoint>>;
  close(): Promise<void>;
};

/** Options shared by the in-process implementations; `now` is injectable so tests control the clock. */
export type GeoIndexOptions = { ttl_ms?: number; now?: () => number };

/** A phone sends a frame every few seconds while the app is open; a minute of silence means it is gone. */
export const DEFAULT_GEO_TTL_MS = 60_000;

// One great-circle formula for the whole server: pricing and the geo index must agree on distances.
export { haversineMeters } from '../routing/great-circle-routing';
