import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { browserCookies } from './lib/accounts';
import { freePort } from '../apps/server/test/test-server';
import { createBenchDatabase, startApp, type SpawnedServer } from './lib/app';
import { seedRidePairs } from './lib/rides-seed';
import { ratio } from './lib/stats';
import type { Bench, BenchContext, Row } from './lib/types';
import { type LoadResult, runLocationLoad } from './lib/ws-load';
import { dropRedisKeys, pairsFor } from './location';

const INTERVAL_MS = 4000;

/**
 * Area 3, scaling out: the same fixed location load (N driver/rider pairs, a frame every 4 s each) in Redis
 * mode on 1, 2, … server processes, each pair's driver and rider on the same process (pair i on process
 * i mod P, as a load balancer that places a ride's two phones together would): the CPU each process
 * spends, and the bus events each receives against the frames relayed by all (1.0 when every process
 * receives every event, as before decision 0029; 1/P with per-room channels). The load generator,
 * PostgreSQL and Redis share the machine's cores with the servers: the load average at each measurement
 * is in its row. bus-fanin measures the bus's own share, which these figures cannot separate from noise.
 *
 * BENCH_SCALE_PAIRS (default 1,000 quick, 4,000 full) and BENCH_SCALE_PROCESSES (default "1,2" quick,
 * "1,2,3" full) change the load and the process counts; BENCH_PORT_BASE gives the servers fixed ports.
 */
export const locationScaleBench: Bench = {
  name: 'location-scale',
  area: 3,
  async run(ctx) {
    if (!ctx.postgresUrl || !ctx.redisUrl)
      return [{ area: 3, figure: 'Location on several processes, Redis mode', value: null, unit: '', note: 'PostgreSQL or Redis not reachable' }];
    const n = Number(process.env.BENCH_SCALE_PAIRS ?? (ctx.quick ? 1000 : 4000));
    const counts = (process.env.BENCH_SCALE_PROCESSES ?? (ctx.quick ? '1,2' : '1,2,3')).split(',').map(Number);
    const durationMs = ctx.quick ? 18_000 : 40_000;
    const warmupMs = ctx.quick ? 6000 : 10_000;

    const setup = performance.now();
    const database = await createBenchDatabase(ctx, 'postgres');
    const prefix = `bench-scale-${randomBytes(3).toString('hex')}`;
    const rows: Row[] = [];
    try {
      const db = await database.open();
      const seeded = await seedRidePairs(db.db, n, prefix);
      await db.close();
      ctx.log(`${n} pairs seeded (${((performance.now() - setup) / 1000).toFixed(1)} s)`);
      let single: Measured | null = null;
      for (const processes of counts) {
        // A fresh Redis prefix per run: no driver state or rate-limit keys carried over from the last.
        const m = await measure(ctx, database, seeded, processes, `${prefix}-${processes}`, durationMs, warmupMs);
        if (processes === 1) single = m;
        rows.push(...rowsFor(n, processes, m, single));
      }
    } finally {
      await database.drop();
    }
    return rows;
  },
};

type Measured = { result: LoadResult; load: number[]; busShare: Array<number | null> };

/** Two figures of a server's /metrics (open in test mode); null when the server does not have them. */
async function scrape(url: string): Promise<{ busReceived: number | null; relayed: number | null }> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const value = (re: RegExp) => {
    const m = re.exec(text);
    return m ? Number(m[1]) : null;
  };
  return { busReceived: value(/^openride_bus_messages_received_total (\S+)$/m), relayed: value(/^openride_location_frames_total\{result="relayed"\} (\S+)$/m) };
}

async function measure(
  ctx: BenchContext,
  database: Awaited<ReturnType<typeof createBenchDatabase>>,
  seeded: Awaited<ReturnType<typeof seedRidePairs>>,
  processes: number,
  prefix: string,
  durationMs: number,
  warmupMs: number,
): Promise<Measured> {
  const servers: SpawnedServer[] = [];
  try {
    const base = process.env.BENCH_PORT_BASE ? Number(process.env.BENCH_PORT_BASE) : null;
    const ports = [];
    for (let p = 0; p < processes; p++) ports.push(base ? base + p : await freePort());
    // One public address for all, as behind a load balancer: a page from it may open a socket on any process.
    const publicUrl = `http://localhost:${ports[0]}`;
    for (const port of ports)
      servers.push(await startApp(database, { REDIS_URL: ctx.redisUrl!, REDIS_PREFIX: prefix, PORT: String(port), PUBLIC_URL: publicUrl }));
    const users = seeded.flatMap((s) => [s.driver, s.rider]);
    const cookies = await browserCookies(servers[0]!.url, users, 32);
    const wsUrl = (s: SpawnedServer) => s.url.replace(/^http/, 'ws').replace('localhost', '127.0.0.1') + '/ws';
    // Pair i's driver and rider both on process i mod P.
    const pairs = pairsFor(seeded.length, seeded, cookies).map((pair, i) => ({ ...pair, url: wsUrl(servers[i % processes]!) }));
    const result = await runLocationLoad({
      mode: 'app',
      wsUrl: wsUrl(servers[0]!),
      origin: servers[0]!.url,
      pairs,
      intervalMs: INTERVAL_MS,
      warmupMs,
      durationMs,
      serverPid: servers.map((s) => s.proc.pid!),
      log: ctx.log,
    });
    const load = os.loadavg();
    // Read before the servers stop: what reached each process from the bus, and the frames relayed in all.
    const scraped = await Promise.all(servers.map((s) => scrape(s.url)));
    const relayed = scraped.reduce((a, m) => a + (m.relayed ?? 0), 0);
    const busShare = scraped.map((m) => (m.busReceived == null || relayed === 0 ? null : m.busReceived / relayed));
    const pct = (xs: Array<number | null>) => xs.map((s) => (s == null ? '—' : `${((s / result.windowS) * 100).toFixed(1)} %`)).join(', ');
    const net = result.serverCpuPerProcessS.map((s, i) =>
      s == null || result.serverIdleCpuPerProcessS[i] == null ? null : s - result.serverIdleCpuPerProcessS[i]!,
    );
    ctx.log(
      `${processes} process(es): ${result.updatesPerS.toFixed(0)} updates/s, CPU per process ${pct(result.serverCpuPerProcessS)} (net of idle ${pct(net)}), p99 ${result.latency.p99.toFixed(1)} ms, ${result.dropped} dropped, load ${load.map((l) => l.toFixed(2)).join(' ')}`,
    );
    ctx.log(
      `bus events received per process ÷ location frames relayed by all: ${busShare.map((x) => (x == null ? '— (no bus metric)' : x.toFixed(2))).join(', ')}`,
    );
    if (result.connectFailures) ctx.log(`first connect failure: ${result.firstError}`);
    return { result, load, busShare };
  } finally {
    await Promise.allSettled(servers.map((s) => s.stop()));
    await dropRedisKeys(ctx.redisUrl!, prefix);
  }
}

const percentOfCore = (cpuS: number | null, windowS: number) => (cpuS == null ? null : (cpuS / windowS) * 100);

function rowsFor(n: number, processes: number, m: Measured, single: Measured | null): Row[] {
  const r = m.result;
  const perProcess = r.serverCpuPerProcessS.map((s) => percentOfCore(s, r.windowS));
  const mean = perProcess.some((x) => x == null) ? null : perProcess.reduce<number>((a, x) => a + x!, 0) / perProcess.length;
  const singleMean = single ? percentOfCore(single.result.serverCpuS, single.result.windowS) : null;
  const netPerProcess = r.serverCpuPerProcessS.map((s, i) =>
    s == null || r.serverIdleCpuPerProcessS[i] == null ? null : percentOfCore(Math.max(0, s - r.serverIdleCpuPerProcessS[i]!), r.windowS),
  );
  const netMean = netPerProcess.some((x) => x == null) ? null : netPerProcess.reduce<number>((a, x) => a + x!, 0) / netPerProcess.length;
  const singleNet =
    !single || single.result.serverCpuS == null || single.result.serverIdleCpuS == null
      ? null
      : percentOfCore(Math.max(0, single.result.serverCpuS - single.result.serverIdleCpuS), single.result.windowS);
  const totalUs = r.serverCpuS == null || r.measuredReceived === 0 ? null : (r.serverCpuS / r.measuredReceived) * 1e6;
  const singleUs =
    !single || single.result.serverCpuS == null || single.result.measuredReceived === 0
      ? null
      : (single.result.serverCpuS / single.result.measuredReceived) * 1e6;
  const label = `${n.toLocaleString('en-US')} pairs, ${processes} process${processes === 1 ? '' : 'es'}, each pair's driver and rider on one process`;
  const facts = [
    `per process: ${perProcess.map((x) => (x == null ? '—' : `${x.toFixed(1)} %`)).join(', ')}`,
    `${Math.round(r.updatesPerS)} updates/s delivered`,
    `p99 ${r.latency.p99.toFixed(1)} ms`,
    `${r.dropped} of ${r.sent} dropped`,
    r.connectFailures ? `${r.connectFailures} pairs failed to connect` : '',
    `load average ${m.load.map((l) => l.toFixed(2)).join(' ')}`,
  ].filter(Boolean);
  const baseline = processes === 1 ? undefined : { label: '1 process, same load', value: singleMean };
  return [
    {
      area: 3,
      figure: `Server CPU per process (mean), Redis mode, ${label}`,
      value: mean,
      unit: '% of a core',
      baseline,
      ratio: processes === 1 ? undefined : ratio(singleMean, mean),
      note: facts.join('; '),
    },
    {
      area: 3,
      figure: `Server CPU per process (mean) net of its idle CPU (same sockets, no frames), Redis mode, ${label}`,
      value: netMean,
      unit: '% of a core',
      baseline: processes === 1 ? undefined : { label: '1 process, same load', value: singleNet },
      ratio: processes === 1 ? undefined : ratio(singleNet, netMean),
      note: `per process: ${netPerProcess.map((x) => (x == null ? '—' : `${x.toFixed(1)} %`)).join(', ')}`,
    },
    {
      area: 3,
      figure: `Bus events received per process (mean) ÷ location frames relayed by all processes, whole run, Redis mode, ${label}`,
      value: m.busShare.some((x) => x == null) ? null : m.busShare.reduce<number>((a, x) => a + x!, 0) / m.busShare.length,
      unit: '',
      note: m.busShare.some((x) => x == null)
        ? 'the server has no bus metric (before decision 0029 every process received every event: 1.0 at any process count)'
        : `per process: ${m.busShare.map((x) => x!.toFixed(2)).join(', ')}; 1.0 = every process receives every event`,
    },
    {
      area: 3,
      figure: `Server CPU per location update, all processes together, Redis mode, ${label}`,
      value: totalUs,
      unit: 'µs',
      baseline: processes === 1 ? undefined : { label: '1 process, same load', value: singleUs },
      ratio: processes === 1 ? undefined : ratio(singleUs, totalUs),
    },
  ];
}
