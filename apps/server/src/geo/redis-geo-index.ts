import { EARTH_RADIUS_M } from '@openride/shared/geo/lat-lng';
import type { Redis } from 'ioredis';
import { DEFAULT_GEO_TTL_MS, haversineMeters, type GeoIndex, type GeoIndexOptions, type GeoPoint, type NearbyDriver } from './geo-index';
import { compareNearby } from './linear-scan-geo-index';

/**
 * Redis measures GEO distances on a sphere of this radius (geohelper.c), ours is the IUGG mean radius:
 * Redis's metres are ~0.028 % longer. We ask Redis for a slightly wider circle and recompute distances
 * ourselves, so that every implementation agrees on who is within the radius and how far they are.
 */
const REDIS_EARTH_RADIUS_M = 6_372_797.560856;
const OUR_EARTH_RADIUS_M = EARTH_RADIUS_M;
const RADIUS_WIDENING = REDIS_EARTH_RADIUS_M / OUR_EARTH_RADIUS_M;
/** The first circle searched; each further step is 4× wider, up to the radius asked for. */
const FIRST_SEARCH_RADIUS_M = 250;

/**
 * The scaled mode's index, shared by every server process. Per city, two keys:
 * - `${prefix}:geo:${cityId}`      a GEO set (a sorted set of geohashes; ~0.6 m precision) of positions;
 * - `${prefix}:geo-seen:${cityId}` a sorted set of the same members scored by last-seen time in ms.
 * Both are written in one MULTI so they never disagree for long. Redis cannot expire members of a set, so
 * staleness is handled on read: members unseen for the TTL are removed from both keys before searching.
 *
 * The connection belongs to the caller (it is shared with other Redis users), so close() leaves it open.
 *
 * Race, accepted: a driver whose frame lands between our ZRANGEBYSCORE and ZREM is removed although fresh;
 * they come back with their next frame a few seconds later. Closing it needs a Lua script; not worth it yet.
 */
export function createRedisGeoIndex(redis: Redis, prefix: string, options: GeoIndexOptions = {}): GeoIndex {
  const ttl = options.ttl_ms ?? DEFAULT_GEO_TTL_MS;
  const now = options.now ?? Date.now;
  const geoKey = (cityId: string) => `${prefix}:geo:${cityId}`;
  const seenKey = (cityId: string) => `${prefix}:geo-seen:${cityId}`;

  async function sweep(cityId: string): Promise<void> {
    const stale = await redis.zrangebyscore(seenKey(cityId), '-inf', `(${now() - ttl}`);
    if (stale.length === 0) return;
    await redis
      .multi()
      .zrem(geoKey(cityId), ...stale)
      .zrem(seenKey(cityId), ...stale)
      .exec();
  }

  return {
    async upsert(cityId, driverId, point) {
      const results = await redis.multi().geoadd(geoKey(cityId), point.lng, point.lat, driverId).zadd(seenKey(cityId), now(), driverId).exec();
      const failed = results?.find(([err]) => err);
      if (failed) throw failed[0]; // e.g. a latitude beyond ±85.05°, which GEOADD rejects
    },

    async remove(cityId, driverId) {
      await redis.multi().zrem(geoKey(cityId), driverId).zrem(seenKey(cityId), driverId).exec();
    },

    async nearest(cityId, point, { radius_m, limit, exclude }) {
      if (limit <= 0 || !(radius_m >= 0)) return [];
      // Excluded drivers may be among the nearest: ask for enough to still return `limit` after filtering.
      const count = limit + (exclude?.size ?? 0);
      // GEOSEARCH collects and sorts every member inside the circle before COUNT applies, so its cost grows
      // with the drivers in the circle (~2,000 within 1 km at 100,000 in San Francisco). Search a small
      // circle first and widen only while it holds too few: in a busy city the first step answers.
      let r = Math.min(radius_m, FIRST_SEARCH_RADIUS_M);
      for (;;) {
        // One round trip: who went stale, and the search. Stale members found are removed, then we search again.
        const [[staleErr, stale], [searchErr, reply]] = (await redis
          .pipeline()
          .zrangebyscore(seenKey(cityId), '-inf', `(${now() - ttl}`)
          .geosearch(geoKey(cityId), 'FROMLONLAT', point.lng, point.lat, 'BYRADIUS', r * RADIUS_WIDENING + 1, 'm', 'ASC', 'COUNT', count, 'WITHCOORD')
          .exec()) as [[Error | null, string[]], [Error | null, [string, [string, string]][]]];
        if (staleErr || searchErr) throw staleErr ?? searchErr;
        if (stale.length > 0) {
          await redis
            .multi()
            .zrem(geoKey(cityId), ...stale)
            .zrem(seenKey(cityId), ...stale)
            .exec();
          continue;
        }
        const found: NearbyDriver[] = [];
        for (const [driverId, [lng, lat]] of reply) {
          if (exclude?.has(driverId)) continue;
          const pos = { lat: Number(lat), lng: Number(lng) };
          const distance_m = haversineMeters(point, pos);
          if (distance_m <= radius_m) found.push({ driverId, ...pos, distance_m });
        }
        // `limit` found inside the small circle are the nearest of all: everyone outside it is farther.
        if (found.length >= limit || r >= radius_m) {
          // Redis's order is by its own (proportional) distance; re-sort only to break ties by id like the others.
          return found.sort(compareNearby).slice(0, limit);
        }
        r = Math.min(radius_m, r * 4);
      }
    },

    async position(cityId, driverId): Promise<GeoPoint | null> {
      const [seen, positions] = await Promise.all([redis.zscore(seenKey(cityId), driverId), redis.geopos(geoKey(cityId), driverId)]);
      const pos = positions[0];
      if (seen === null || !pos || now() - Number(seen) > ttl) return null;
      return { lat: Number(pos[1]), lng: Number(pos[0]) };
    },

    async size(cityId) {
      await sweep(cityId);
      return redis.zcard(geoKey(cityId));
    },

    async all(cityId) {
      await sweep(cityId);
      const ids = await redis.zrange(geoKey(cityId), '0', '-1');
      if (ids.length === 0) return [];
      const positions = await redis.geopos(geoKey(cityId), ...ids);
      const out: Array<{ driverId: string } & GeoPoint> = [];
      ids.forEach((driverId, k) => {
        const pos = positions[k];
        if (pos) out.push({ driverId, lat: Number(pos[1]), lng: Number(pos[0]) });
      });
      return out.sort((a, b) => (a.driverId < b.driverId ? -1 : a.driverId > b.driverId ? 1 : 0));
    },

    async close() {},
  };
}
