import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haversineMeters, type GeoIndex, type GeoPoint, type NearbyDriver, type NearestOptions } from './geo-index';
import { createLinearScanGeoIndex } from './linear-scan-geo-index';
import { createMemoryGeoIndex } from './memory-geo-index';
import { createRedisGeoIndex } from './redis-geo-index';

const SF: GeoPoint = { lat: 37.7749, lng: -122.4194 };

/** Seeded PRNG (mulberry32): a failure reproduces with the same data. */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const around = (rand: () => number, spread = 0.15): GeoPoint => ({
  lat: SF.lat + (rand() * 2 - 1) * spread,
  lng: SF.lng + (rand() * 2 - 1) * spread,
});

type Query = { point: GeoPoint; opts: NearestOptions };

async function populate(indexes: GeoIndex[], rand: () => number, n: number, city = 'sf'): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = `d${i}`;
    const p = around(rand);
    ids.push(id);
    for (const idx of indexes) await idx.upsert(city, id, p);
  }
  return ids;
}

function randomQueries(rand: () => number, n: number, ids: string[]): Query[] {
  return Array.from({ length: n }, (_, i) => {
    const exclude = i % 3 === 0 ? new Set(Array.from({ length: 1 + Math.floor(rand() * 30) }, () => ids[Math.floor(rand() * ids.length)]!)) : undefined;
    return {
      point: around(rand),
      opts: { radius_m: 200 + rand() * 9_800, limit: 1 + Math.floor(rand() * 20), exclude },
    };
  });
}

/** Same ids in the same order, except where two drivers are equally far (within `tol`) and may swap. */
function expectSameResult(actual: NearbyDriver[], expected: NearbyDriver[], tol: number, radius_m: number) {
  const n = Math.min(actual.length, expected.length);
  for (let i = 0; i < n; i++) {
    expect(Math.abs(actual[i]!.distance_m - expected[i]!.distance_m)).toBeLessThanOrEqual(tol);
    if (actual[i]!.driverId !== expected[i]!.driverId) {
      const other = expected.find((e) => e.driverId === actual[i]!.driverId);
      // A swap is legitimate only between (near-)equidistant drivers.
      expect(Math.abs((other?.distance_m ?? actual[i]!.distance_m) - expected[i]!.distance_m)).toBeLessThanOrEqual(tol);
    }
  }
  // Lists may differ in length only by drivers sitting within the tolerance of the radius.
  for (const extra of [...actual.slice(n), ...expected.slice(n)]) expect(radius_m - extra.distance_m).toBeLessThanOrEqual(tol);
  for (let i = 1; i < actual.length; i++) expect(actual[i]!.distance_m).toBeGreaterThanOrEqual(actual[i - 1]!.distance_m);
}

describe('memory geo index', () => {
  it('matches the linear scan on 2,000 drivers and 200 random queries', async () => {
    const rand = rng(42);
    const memory = createMemoryGeoIndex();
    const oracle = createLinearScanGeoIndex();
    const ids = await populate([memory, oracle], rand, 2_000);
    expect(await memory.size('sf')).toBe(2_000);
    expect(await memory.all('sf')).toEqual(await oracle.all('sf'));
    let nonEmpty = 0;
    for (const q of randomQueries(rand, 200, ids)) {
      const got = await memory.nearest('sf', q.point, q.opts);
      const want = await oracle.nearest('sf', q.point, q.opts);
      expect(got.map((d) => d.driverId)).toEqual(want.map((d) => d.driverId));
      expectSameResult(got, want, 1e-6, q.opts.radius_m);
      for (const d of got) expect(q.opts.exclude?.has(d.driverId) ?? false).toBe(false);
      if (got.length > 0) nonEmpty++;
    }
    expect(nonEmpty).toBeGreaterThan(150); // the queries exercised something
  });

  it('is exact at cell edges and with small cells', async () => {
    const rand = rng(7);
    for (const cellDeg of [0.001, 0.01, 0.05]) {
      const memory = createMemoryGeoIndex(cellDeg);
      const oracle = createLinearScanGeoIndex();
      // Drivers snapped onto cell boundaries and corners, queries just beside them.
      for (let i = 0; i < 500; i++) {
        const p = {
          lat: Math.round((SF.lat + (rand() - 0.5) * 0.05) / cellDeg) * cellDeg,
          lng: Math.round((SF.lng + (rand() - 0.5) * 0.05) / cellDeg) * cellDeg,
        };
        await memory.upsert('sf', `e${i}`, p);
        await oracle.upsert('sf', `e${i}`, p);
      }
      for (let i = 0; i < 100; i++) {
        const edge = {
          lat: Math.round((SF.lat + (rand() - 0.5) * 0.05) / cellDeg) * cellDeg + (rand() - 0.5) * 1e-6,
          lng: Math.round((SF.lng + (rand() - 0.5) * 0.05) / cellDeg) * cellDeg + (rand() - 0.5) * 1e-6,
        };
        const opts = { radius_m: 50 + rand() * 5_000, limit: 1 + Math.floor(rand() * 20) };
        const got = await memory.nearest('sf', edge, opts);
        const want = await oracle.nearest('sf', edge, opts);
        expectSameResult(got, want, 1e-6, opts.radius_m);
        expect(got.length).toBe(want.length);
      }
    }
  });

  it('honours exclusions even when they are the nearest', async () => {
    const memory = createMemoryGeoIndex();
    await memory.upsert('sf', 'a', SF);
    await memory.upsert('sf', 'b', { lat: SF.lat + 0.001, lng: SF.lng });
    await memory.upsert('sf', 'c', { lat: SF.lat + 0.002, lng: SF.lng });
    const got = await memory.nearest('sf', SF, { radius_m: 1_000, limit: 2, exclude: new Set(['a']) });
    expect(got.map((d) => d.driverId)).toEqual(['b', 'c']);
    expect(got[0]!.distance_m).toBeCloseTo(haversineMeters(SF, { lat: SF.lat + 0.001, lng: SF.lng }), 9);
  });

  it('moves a driver across cells on re-upsert and forgets them on remove', async () => {
    const memory = createMemoryGeoIndex();
    const far = { lat: SF.lat + 0.1, lng: SF.lng + 0.1 };
    await memory.upsert('sf', 'a', SF);
    await memory.upsert('sf', 'a', far);
    expect(await memory.nearest('sf', SF, { radius_m: 2_000, limit: 5 })).toEqual([]);
    expect((await memory.nearest('sf', far, { radius_m: 10, limit: 5 })).map((d) => d.driverId)).toEqual(['a']);
    expect(await memory.position('sf', 'a')).toEqual(far);
    expect(await memory.size('sf')).toBe(1);
    await memory.remove('sf', 'a');
    expect(await memory.nearest('sf', far, { radius_m: 10, limit: 5 })).toEqual([]);
    expect(await memory.position('sf', 'a')).toBeNull();
    expect(await memory.size('sf')).toBe(0);
    await memory.upsert('sf', 'a', SF);
    expect((await memory.nearest('sf', SF, { radius_m: 10, limit: 5 })).map((d) => d.driverId)).toEqual(['a']);
  });

  it('treats drivers silent for longer than the TTL as gone', async () => {
    let clock = 1_000_000;
    const memory = createMemoryGeoIndex(0.01, { ttl_ms: 60_000, now: () => clock });
    await memory.upsert('sf', 'quiet', SF);
    await memory.upsert('sf', 'chatty', { lat: SF.lat + 0.001, lng: SF.lng });
    clock += 45_000;
    await memory.upsert('sf', 'chatty', { lat: SF.lat + 0.001, lng: SF.lng });
    clock += 15_000; // quiet: exactly 60 s, still fresh
    expect((await memory.nearest('sf', SF, { radius_m: 500, limit: 5 })).map((d) => d.driverId)).toEqual(['quiet', 'chatty']);
    clock += 1; // quiet: 60.001 s
    expect((await memory.nearest('sf', SF, { radius_m: 500, limit: 5 })).map((d) => d.driverId)).toEqual(['chatty']);
    expect(await memory.position('sf', 'quiet')).toBeNull();
    expect(await memory.size('sf')).toBe(1);
    expect((await memory.all('sf')).map((d) => d.driverId)).toEqual(['chatty']);
    clock += 60_000;
    expect(await memory.size('sf')).toBe(0);
    expect(await memory.all('sf')).toEqual([]);
    await memory.upsert('sf', 'quiet', SF); // back online
    expect((await memory.nearest('sf', SF, { radius_m: 500, limit: 5 })).map((d) => d.driverId)).toEqual(['quiet']);
  });

  it('keeps cities apart', async () => {
    const memory = createMemoryGeoIndex();
    await memory.upsert('sf', 'a', SF);
    await memory.upsert('oak', 'b', SF);
    expect((await memory.nearest('sf', SF, { radius_m: 100, limit: 5 })).map((d) => d.driverId)).toEqual(['a']);
    expect((await memory.nearest('oak', SF, { radius_m: 100, limit: 5 })).map((d) => d.driverId)).toEqual(['b']);
    expect(await memory.nearest('nyc', SF, { radius_m: 100, limit: 5 })).toEqual([]);
    expect(await memory.position('oak', 'a')).toBeNull();
    await memory.remove('oak', 'a'); // not there: no effect on sf
    expect(await memory.size('sf')).toBe(1);
  });

  it('falls back to a scan for a sparse city and a wide radius', async () => {
    const memory = createMemoryGeoIndex();
    await memory.upsert('sf', 'a', { lat: SF.lat + 0.3, lng: SF.lng - 0.3 });
    const got = await memory.nearest('sf', SF, { radius_m: 100_000, limit: 1 });
    expect(got.map((d) => d.driverId)).toEqual(['a']);
    expect(await memory.nearest('sf', SF, { radius_m: 1_000, limit: 1 })).toEqual([]);
    expect(await memory.nearest('sf', SF, { radius_m: 100_000, limit: 0 })).toEqual([]);
  });
});

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisReachable(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 500, retryStrategy: () => null });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

const redisUp = await redisReachable();

describe.skipIf(!redisUp)('redis geo index', () => {
  const prefix = `test-geo-${randomBytes(6).toString('hex')}`;
  let redis: Redis;

  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { lazyConnect: true });
    await redis.connect();
  });

  afterAll(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('matches the linear scan within Redis precision on 500 drivers and 50 queries', async () => {
    const rand = rng(99);
    const geo = createRedisGeoIndex(redis, prefix);
    const oracle = createLinearScanGeoIndex();
    const ids = await populate([geo, oracle], rand, 500);
    expect(await geo.size('sf')).toBe(500);
    for (const q of randomQueries(rand, 50, ids)) {
      const got = await geo.nearest('sf', q.point, q.opts);
      const want = await oracle.nearest('sf', q.point, q.opts);
      expectSameResult(got, want, 1, q.opts.radius_m);
      for (const d of got) expect(q.opts.exclude?.has(d.driverId) ?? false).toBe(false);
    }
  });

  it('widens its search circle step by step: a near few, a far one, exclusions and a stale one inside the first circle', async () => {
    let clock = 9_000_000;
    const geo = createRedisGeoIndex(redis, prefix, { ttl_ms: 60_000, now: () => clock });
    const north = (m: number) => ({ lat: SF.lat + m / 111_195, lng: SF.lng }); // ~111.195 km per degree of latitude
    await geo.upsert('wide', 'stale', north(20));
    clock += 61_000; // 'stale' is now silent for longer than the TTL, and sits inside the first circle
    await geo.upsert('wide', 'at100', north(100));
    await geo.upsert('wide', 'at600', north(600));
    await geo.upsert('wide', 'at3000', north(3_000));
    const names = async (limit: number, radius_m: number, exclude?: string[]) =>
      (await geo.nearest('wide', SF, { radius_m, limit, exclude: exclude && new Set(exclude) })).map((d) => d.driverId);
    expect(await names(1, 5_000)).toEqual(['at100']); // answered by the first circle
    expect(await names(3, 5_000)).toEqual(['at100', 'at600', 'at3000']); // needs every step
    expect(await names(2, 5_000, ['at100'])).toEqual(['at600', 'at3000']);
    expect(await names(5, 1_000)).toEqual(['at100', 'at600']); // never past the radius asked for
    expect(await redis.zscore(`${prefix}:geo-seen:wide`, 'stale')).toBeNull(); // removed from both keys on the way
    expect(await geo.position('wide', 'stale')).toBeNull();
  });

  it('removes, moves, expires and isolates cities', async () => {
    let clock = 5_000_000;
    const geo = createRedisGeoIndex(redis, prefix, { ttl_ms: 60_000, now: () => clock });
    const far = { lat: SF.lat + 0.1, lng: SF.lng + 0.1 };
    await geo.upsert('la', 'a', SF);
    await geo.upsert('la', 'a', far);
    expect(await geo.nearest('la', SF, { radius_m: 2_000, limit: 5 })).toEqual([]);
    const pos = await geo.position('la', 'a');
    expect(haversineMeters(pos!, far)).toBeLessThan(1);
    await geo.upsert('la', 'b', SF);
    await geo.upsert('la', 'c', { lat: SF.lat + 0.001, lng: SF.lng });
    expect((await geo.nearest('la', SF, { radius_m: 500, limit: 5, exclude: new Set(['b']) })).map((d) => d.driverId)).toEqual(['c']);
    expect(await geo.nearest('nyc', SF, { radius_m: 500, limit: 5 })).toEqual([]);
    await geo.remove('la', 'a');
    expect(await geo.position('la', 'a')).toBeNull();
    expect(await geo.size('la')).toBe(2);
    expect((await geo.all('la')).map((d) => d.driverId)).toEqual(['b', 'c']);
    expect(await geo.all('nyc')).toEqual([]);
    clock += 30_000;
    await geo.upsert('la', 'c', { lat: SF.lat + 0.001, lng: SF.lng });
    clock += 30_001; // b silent for 60.001 s
    expect(await geo.position('la', 'b')).toBeNull();
    expect((await geo.nearest('la', SF, { radius_m: 500, limit: 5 })).map((d) => d.driverId)).toEqual(['c']);
    expect(await geo.size('la')).toBe(1);
    const [only] = await geo.all('la');
    expect(only?.driverId).toBe('c');
    expect(haversineMeters(only!, { lat: SF.lat + 0.001, lng: SF.lng })).toBeLessThan(1);
    expect(await redis.zcard(`${prefix}:geo-seen:la`)).toBe(1); // trimmed from both keys
  });
});
