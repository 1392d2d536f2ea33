import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { browserCookies } from './lib/accounts';
import { createBenchDatabase, startApp, type SpawnedServer } from './lib/app';
import { atLeast, atMost } from './lib/report';
import { seedRidePairs } from './lib/rides-seed';
import { ratio } from './lib/stats';
import type { Bench, BenchContext, Row } from './lib/types';
import { type LoadResult, runLocationLoad, startBareRelay } from './lib/ws-load';
import type { WorkerPair } from './lib/ws-load-worker';

const INTERVAL_MS = 4000;
const TARGET_UPDATES = 25_000;
const TARGET_P99_MS = 50;

/**
 * Area 3: location ingest and fan-out. N drivers, each on a ride in progress with a rider subscribed to the
 * ride's room, send a `location` frame every 4 s; each frame is matched to the rider's receipt (latency,
 * drops). Against the real server (embedded: PGlite + in-memory bus; Redis mode: PostgreSQL + Redis bus)
 * and a bare `ws` relay under the same load. One server process may hold ~20,000 sockets (2 per pair),
 * which caps N; the server's CPU per update gives the projected throughput per core.
 */
export const locationBench: Bench = {
  name: 'location',
  area: 3,
  async run(ctx) {
    const n = Number(process.env.BENCH_LOCATION_PAIRS ?? (ctx.quick ? 1000 : 9000));
    const durationMs = ctx.quick ? 18_000 : 60_000;
    const warmupMs = ctx.quick ? 6000 : 12_000;
    const rows: Row[] = [];

    // For profiling: BENCH_LOCATION_ONLY=embedded|redis runs that mode alone (no baseline), and
    // BENCH_SERVER_NODE_OPTIONS (e.g. --cpu-prof) goes to the server process.
    const only = process.env.BENCH_LOCATION_ONLY;
    const bare = only ? null : await measureBare(ctx, n, durationMs, warmupMs);
    let modes: Array<{ label: string; kind: 'pglite' | 'postgres'; redis: boolean }> = [{ label: 'embedded', kind: 'pglite', redis: false }];
    if (ctx.postgresUrl && ctx.redisUrl) modes.push({ label: 'Redis mode', kind: 'postgres', redis: true });
    if (only) modes = modes.filter((m) => (only === 'redis') === m.redis);
    for (const mode of modes) {
      const r = await measureApp(ctx, n, durationMs, warmupMs, mode);
      rows.push(...rowsFor(mode.label, r, bare));
    }
    if (!only && modes.length === 1) rows.push({ area: 3, figure: 'Redis mode', value: null, unit: '', note: 'PostgreSQL or Redis not reachable' });
    return rows;
  },
};

export function pairsFor(n: number, seeded?: Awaited<ReturnType<typeof seedRidePairs>>, cookies?: string[]): WorkerPair[] {
  return Array.from({ length: n }, (_, i) => ({
    id: String(i),
    rideId: seeded?.[i]!.rideId ?? String(i),
    driverCookie: cookies?.[2 * i],
    riderCookie: cookies?.[2 * i + 1],
    lat: 37.7749 + ((i % 100) - 50) * 0.0005,
    lng: -122.4194 + ((Math.floor(i / 100) % 100) - 50) * 0.0005,
  }));
}

async function measureBare(ctx: BenchContext, n: number, durationMs: number, warmupMs: number) {
  const relay = await startBareRelay();
  try {
    const url = `ws://127.0.0.1:${relay.port}/`;
    return await runLocationLoad({
      mode: 'bare',
      wsUrl: url,
      origin: 'http://127.0.0.1',
      pairs: pairsFor(n),
      intervalMs: INTERVAL_MS,
      warmupMs,
      durationMs,
      serverPid: relay.proc.pid!,
      log: ctx.log,
    });
  } finally {
    await relay.stop();
  }
}

async function measureApp(
  ctx: BenchContext,
  n: number,
  durationMs: number,
  warmupMs: number,
  mode: { label: string; kind: 'pglite' | 'postgres'; redis: boolean },
) {
  const setup = performance.now();
  const database = await createBenchDatabase(ctx, mode.kind);
  const prefix = `bench-loc-${randomBytes(3).toString('hex')}`;
  let server: SpawnedServer | undefined;
  try {
    const db = await database.open();
    const seeded = await seedRidePairs(db.db, n, prefix);
    await db.close();
    const env: Record<string, string> = {};
    if (process.env.BENCH_SERVER_NODE_OPTIONS) env.NODE_OPTIONS = process.env.BENCH_SERVER_NODE_OPTIONS;
    if (mode.redis) Object.assign(env, { REDIS_URL: ctx.redisUrl!, REDIS_PREFIX: prefix });
    server = await startApp(database, env);
    const users = seeded.flatMap((p) => [p.driver, p.rider]);
    const cookies = await browserCookies(server.url, users, 32);
    ctx.log(`${mode.label}: ${n} pairs seeded and signed in (${((performance.now() - setup) / 1000).toFixed(1)} s)`);
    const result = await runLocationLoad({
      mode: 'app',
      wsUrl: server.url.replace(/^http/, 'ws').replace('localhost', '127.0.0.1') + '/ws',
      origin: server.url,
      pairs: pairsFor(n, seeded, cookies),
      intervalMs: INTERVAL_MS,
      warmupMs,
      durationMs,
      serverPid: server.proc.pid!,
      log: ctx.log,
    });
    if (result.connectFailures) ctx.log(`${mode.label}: first connect failure: ${result.firstError}`);
    return result;
  } finally {
    await server?.stop();
    await database.drop();
    if (mode.redis) await dropRedisKeys(ctx.redisUrl!, prefix);
  }
}

export async function dropRedisKeys(url: string, prefix: string) {
  const redis = new Redis(url);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

function rowsFor(label: string, r: LoadResult, bare: LoadResult | null): Row[] {
  const pairs = `${r.pairs.toLocaleString('en-US')} drivers + riders`;
  const cpuPerUpdateUs = r.serverCpuS == null || r.measuredReceived === 0 ? null : (r.serverCpuS / r.measuredReceived) * 1e6;
  const bareCpuUs = !bare || bare.serverCpuS == null || bare.measuredReceived === 0 ? null : (bare.serverCpuS / bare.measuredReceived) * 1e6;
  const netUs =
    r.serverCpuS == null || r.serverIdleCpuS == null || r.measuredReceived === 0
      ? null
      : Math.max(0, ((r.serverCpuS - r.serverIdleCpuS) / r.measuredReceived) * 1e6);
  const bareNetUs =
    !bare || bare.serverCpuS == null || bare.serverIdleCpuS == null || bare.measuredReceived === 0
      ? null
      : Math.max(0, ((bare.serverCpuS - bare.serverIdleCpuS) / bare.measuredReceived) * 1e6);
  const netPerCore = netUs ? 1e6 / netUs : null;
  const bareNetPerCore = bareNetUs ? 1e6 / bareNetUs : null;
  const perCore = cpuPerUpdateUs ? 1e6 / cpuPerUpdateUs : null;
  const barePerCore = bareCpuUs ? 1e6 / bareCpuUs : null;
  const bareLabel = `bare ws relay, ${(bare?.pairs ?? 0).toLocaleString('en-US')} pairs`;
  const notes = [
    r.connectFailures ? `${r.connectFailures} pairs failed to connect` : '',
    r.errorFrames ? `${r.errorFrames} error frames` : '',
    r.closedSockets ? `${r.closedSockets} sockets closed` : '',
  ]
    .filter(Boolean)
    .join('; ');
  return [
    {
      area: 3,
      figure: `Location updates/s sustained, ${label} (${pairs}, 1 frame/4 s each)`,
      value: r.updatesPerS,
      unit: 'updates/s',
      baseline: { label: bareLabel, value: bare?.updatesPerS ?? null },
      ratio: ratio(r.updatesPerS, bare?.updatesPerS ?? null),
      target: `≥ ${TARGET_UPDATES.toLocaleString('en-US')} updates/s`,
      met: atLeast(r.updatesPerS, TARGET_UPDATES),
      note: `bounded by sockets: 2 per pair, ~20,000 open files per server process → at most ~9,500 pairs ≈ 2,400 updates/s at this cadence${notes ? `; ${notes}` : ''}`,
    },
    {
      area: 3,
      figure: `Location latency p50 driver send → rider receipt, ${label}`,
      value: r.latency.p50,
      unit: 'ms',
      baseline: { label: bareLabel, value: bare?.latency.p50 ?? null },
      ratio: ratio(r.latency.p50, bare?.latency.p50 ?? null),
    },
    {
      area: 3,
      figure: `Location latency p99 driver send → rider receipt, ${label}`,
      value: r.latency.p99,
      unit: 'ms',
      baseline: { label: bareLabel, value: bare?.latency.p99 ?? null },
      ratio: ratio(r.latency.p99, bare?.latency.p99 ?? null),
      target: `≤ ${TARGET_P99_MS} ms`,
      met: atMost(r.latency.p99, TARGET_P99_MS),
    },
    {
      area: 3,
      figure: `Location frames dropped (sent, never received), ${label}, of ${r.sent.toLocaleString('en-US')} sent`,
      value: r.dropped,
      unit: 'frames',
      baseline: { label: bareLabel, value: bare?.dropped ?? null },
      target: '0',
      met: r.sent > 0 ? r.dropped === 0 : null,
    },
    {
      area: 3,
      figure: `Server CPU per location update, ${label} (server process CPU time ÷ updates delivered)`,
      value: cpuPerUpdateUs,
      unit: 'µs',
      baseline: { label: bareLabel, value: bareCpuUs },
      ratio: ratio(cpuPerUpdateUs, bareCpuUs),
      note: 'server CPU not readable',
    },
    {
      area: 3,
      figure: `PROJECTED updates/s per server core, ${label} (1 ÷ CPU per update; not measured at that load)`,
      value: perCore,
      unit: 'updates/s',
      baseline: { label: `${bareLabel}, projected the same way`, value: barePerCore },
      ratio: ratio(perCore, barePerCore),
      target: `≥ ${TARGET_UPDATES.toLocaleString('en-US')} updates/s (projected, one core)`,
      met: atLeast(perCore, TARGET_UPDATES),
      note: label === 'Redis mode' ? 'excludes Redis server CPU' : undefined,
    },
    {
      area: 3,
      figure: `Server CPU per location update net of its idle CPU (same sockets, no frames), ${label}`,
      value: netUs,
      unit: 'µs',
      baseline: { label: `${bareLabel}, net the same way`, value: bareNetUs },
      ratio: ratio(netUs, bareNetUs),
      note: 'server CPU not readable',
    },
    {
      area: 3,
      figure: `PROJECTED updates/s per server core from the net CPU per update, ${label} (not measured at that load)`,
      value: netPerCore,
      unit: 'updates/s',
      baseline: { label: `${bareLabel}, projected the same way`, value: bareNetPerCore },
      ratio: ratio(netPerCore, bareNetPerCore),
      target: `≥ ${TARGET_UPDATES.toLocaleString('en-US')} updates/s (projected, one core)`,
      met: atLeast(netPerCore, TARGET_UPDATES),
      note: label === 'Redis mode' ? 'excludes Redis server CPU' : undefined,
    },
  ];
}
