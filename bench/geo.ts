import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { DISPATCH_RADII_M } from '@openride/shared/rides/dispatch';
import type { GeoIndex, GeoPoint, NearbyDriver } from '../apps/server/src/geo/geo-index';
import { createLinearScanGeoIndex } from '../apps/server/src/geo/linear-scan-geo-index';
import { createMemoryGeoIndex } from '../apps/server/src/geo/memory-geo-index';
import { createRedisGeoIndex } from '../apps/server/src/geo/redis-geo-index';
import { atLeast, atMost } from './lib/report';
import { ratio, summarize, type Summary } from './lib/stats';
import type { Bench, BenchContext, Row } from './lib/types';

const DRIVERS = 100_000;
const K = 10;
/** The dispatcher's first (and, in a busy city, only) search radius. */
const RADIUS_M = DISPATCH_RADII_M[0];
const CITY = 'sf';
/** San Francisco proper, ~12 × 13.6 km: 100,000 drivers is ~600 per km². */
const BOX = { south: 37.7, north: 37.81, west: -122.515, east: -122.36 };

/** A small seeded PRNG (mulberry32): every index sees the same drivers and the same queries. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pointsIn = (n: number, seed: number): GeoPoint[] => {
  const rnd = prng(seed);
  return Array.from({ length: n }, () => ({ lat: BOX.south + rnd() * (BOX.north - BOX.south), lng: BOX.west + rnd() * (BOX.east - BOX.west) }));
};

type Measured = { latency: Summary; qps: number };

/** Queries one after another, each timed; q/s is queries ÷ the wall time of the whole loop. */
async function measure(index: GeoIndex, queries: GeoPoint[]): Promise<Measured> {
  const samples = new Float64Array(queries.length);
  const started = performance.now();
  for (let i = 0; i < queries.length; i++) {
    const t = performance.now();
    await index.nearest(CITY, queries[i]!, { radius_m: RADIUS_M, limit: K });
    samples[i] = performance.now() - t;
  }
  const wall = performance.now() - started;
  return { latency: summarize(samples), qps: (queries.length / wall) * 1000 };
}

const ids = (r: NearbyDriver[]) => r.map((d) => d.driverId).join(',');

async function fill(index: GeoIndex, drivers: GeoPoint[], batch: number) {
  for (let i = 0; i < drivers.length; i += batch) {
    await Promise.all(drivers.slice(i, i + batch).map((p, j) => index.upsert(CITY, `driver-${i + j}`, p)));
  }
}

export const geoBench: Bench = {
  name: 'geo',
  area: 4,
  async run(ctx: BenchContext): Promise<Row[]> {
    const nQueries = ctx.quick ? 3_000 : 20_000;
    const nLinear = ctx.quick ? 200 : 1_000;
    const nRedis = ctx.quick ? 2_000 : 10_000;
    const drivers = pointsIn(DRIVERS, 415);
    const queries = pointsIn(nQueries, 94103);

    const grid = createMemoryGeoIndex();
    const linear = createLinearScanGeoIndex();
    await fill(grid, drivers, 10_000);
    await fill(linear, drivers, 10_000);
    // The same answers first: a fast wrong index is no result.
    for (const q of queries.slice(0, 200)) {
      const [a, b] = await Promise.all([grid.nearest(CITY, q, { radius_m: RADIUS_M, limit: K }), linear.nearest(CITY, q, { radius_m: RADIUS_M, limit: K })]);
      if (ids(a) !== ids(b)) throw new Error(`grid and linear scan disagree at ${q.lat},${q.lng}`);
      if (a.length !== K) throw new Error(`expected ${K} drivers within ${RADIUS_M} m, got ${a.length}`);
    }
    ctx.log(`${DRIVERS.toLocaleString('en-US')} drivers; answers agree on 200 queries; k=${K}, radius ${RADIUS_M} m`);

    await measure(grid, queries.slice(0, 500)); // warm-up (JIT)
    const g = await measure(grid, queries);
    ctx.log(`grid: p50 ${g.latency.p50.toFixed(4)} ms, p99 ${g.latency.p99.toFixed(4)} ms, ${Math.round(g.qps)} q/s over ${nQueries}`);
    await measure(linear, queries.slice(0, 20));
    const l = await measure(linear, queries.slice(0, nLinear));
    ctx.log(`linear: p50 ${l.latency.p50.toFixed(3)} ms, p99 ${l.latency.p99.toFixed(3)} ms, ${Math.round(l.qps)} q/s over ${nLinear}`);

    let r: Measured | null = null;
    let redisNote: string | undefined;
    if (ctx.redisUrl) {
      const redis = new Redis(ctx.redisUrl);
      const prefix = `openride-bench-${randomBytes(4).toString('hex')}`;
      try {
        const index = createRedisGeoIndex(redis, prefix);
        await fill(index, drivers, 2_000);
        for (const q of queries.slice(0, 50)) {
          const [a, b] = await Promise.all([index.nearest(CITY, q, { radius_m: RADIUS_M, limit: K }), grid.nearest(CITY, q, { radius_m: RADIUS_M, limit: K })]);
          // GEO positions are stored as 52-bit geohashes (~0.6 m): the k-th neighbour may swap with a tie-close one.
          const overlap = a.filter((d) => b.some((x) => x.driverId === d.driverId)).length;
          if (overlap < K - 1) throw new Error(`Redis GEOSEARCH and the grid disagree at ${q.lat},${q.lng}`);
        }
        await measure(index, queries.slice(0, 200));
        r = await measure(index, queries.slice(0, nRedis));
        ctx.log(`redis: p50 ${r.latency.p50.toFixed(3)} ms, p99 ${r.latency.p99.toFixed(3)} ms, ${Math.round(r.qps)} q/s over ${nRedis}`);
      } finally {
        await redis.del(`${prefix}:geo:${CITY}`, `${prefix}:geo-seen:${CITY}`);
        redis.disconnect();
      }
    } else redisNote = 'Redis not reachable';

    const what = `${K} nearest of 100,000 within ${RADIUS_M / 1000} km`;
    return [
      {
        area: 4,
        figure: `${what}, grid index (embedded): p99 per query`,
        value: g.latency.p99,
        unit: 'ms',
        baseline: { label: 'linear scan p99', value: l.latency.p99 },
        ratio: ratio(l.latency.p99, g.latency.p99),
        target: '≤ 1 ms',
        met: atMost(g.latency.p99, 1),
        note: `p50 ${g.latency.p50.toFixed(4)} ms`,
      },
      {
        area: 4,
        figure: `${what}, grid index (embedded): queries/s, one at a time`,
        value: g.qps,
        unit: 'q/s',
        baseline: { label: 'linear scan', value: l.qps },
        ratio: ratio(g.qps, l.qps),
        target: '≥ 10× linear scan',
        met: atLeast(ratio(g.qps, l.qps), 10),
      },
      {
        area: 4,
        figure: `${what}, Redis GEOSEARCH (scaled mode, widening circle): p99 per query`,
        value: r?.latency.p99 ?? null,
        unit: 'ms',
        baseline: { label: 'linear scan p99', value: l.latency.p99 },
        ratio: ratio(l.latency.p99, r?.latency.p99),
        target: '≤ 1 ms',
        met: atMost(r?.latency.p99, 1),
        note: redisNote,
      },
      {
        area: 4,
        figure: `${what}, Redis GEOSEARCH: queries/s, one at a time`,
        value: r?.qps ?? null,
        unit: 'q/s',
        baseline: { label: 'linear scan', value: l.qps },
        ratio: ratio(r?.qps, l.qps),
        target: '≥ 10× linear scan',
        met: atLeast(ratio(r?.qps, l.qps), 10),
        note: redisNote,
      },
    ];
  },
};
