import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { createRedisBus, type BusMessage } from '../apps/server/src/realtime/bus';
import type { FaninInit, FaninReport } from './lib/bus-fanin-worker';
import { createSingleChannelBus } from './lib/single-channel-bus';
import { ratio, sleep } from './lib/stats';
import type { Bench, BenchContext, Row } from './lib/types';
import { processCpuSeconds } from './lib/ws-load';
import { dropRedisKeys } from './location';

const ROOT = path.resolve(import.meta.dirname, '..');
const WORKER = path.join(import.meta.dirname, 'lib/bus-fanin-worker.ts');
const TICK_MS = 10;

type Mode = FaninInit['mode'];
type Measured = { mode: Mode; processes: number; cpuPct: number[]; receivedPerS: number[]; deliveredPerS: number[]; publisherPct: number; load: number[] };

/**
 * Area 3, the bus alone: E events a second (driver locations) published over R rooms, received by P
 * processes that each have sockets in R/P of the rooms (room k on process k mod P). Each subscribing process
 * runs the real bus and what the socket server does per event of its rooms, without the sockets, so its CPU
 * is what the bus costs a server process. Measured with the bus before decision 0029 (one channel: every
 * process receives every event and filters) and with per-room channels (a process receives its rooms'
 * events only), on 1, 2 and 3 processes. What each process receives is flat before and falls with 1/P
 * after; the delivery to its own rooms is split either way. The publisher's CPU (the bench process) is
 * reported too: per-room channels send one PUBLISH per room per turn instead of one per turn.
 *
 * BENCH_FANIN_EVENTS (default 2,000/s quick, 5,000/s full), BENCH_FANIN_ROOMS (1,000 / 4,000) and
 * BENCH_SCALE_PROCESSES (default "1,2,3") change the load.
 */
export const busFaninBench: Bench = {
  name: 'bus-fanin',
  area: 3,
  async run(ctx) {
    if (!ctx.redisUrl) return [{ area: 3, figure: 'Bus fan-in', value: null, unit: '', note: 'Redis not reachable' }];
    const events = Number(process.env.BENCH_FANIN_EVENTS ?? (ctx.quick ? 2000 : 5000));
    const roomCount = Number(process.env.BENCH_FANIN_ROOMS ?? (ctx.quick ? 1000 : 4000));
    const counts = (process.env.BENCH_SCALE_PROCESSES ?? '1,2,3').split(',').map(Number);
    const warmupMs = ctx.quick ? 2000 : 4000;
    const windowMs = ctx.quick ? 8000 : 20_000;
    const all: Measured[] = [];
    // Interleaved (before, after at each process count): the machine's other load drifts less between the two.
    for (const processes of counts) {
      for (const mode of ['single', 'rooms'] as const) {
        all.push(await measure(ctx, mode, processes, events, roomCount, warmupMs, windowMs));
      }
    }
    return rowsFor(all, events, roomCount);
  },
};

function child(): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', WORKER], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
}

function message<T>(c: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: { type: string }) => {
      if (m.type !== type) return;
      c.off('message', onMessage);
      resolve(m as T);
    };
    c.on('message', onMessage);
    c.once('exit', (code) => reject(new Error(`bus-fanin worker exited with ${code} before "${type}"`)));
  });
}

async function measure(
  ctx: BenchContext,
  mode: Mode,
  processes: number,
  events: number,
  roomCount: number,
  warmupMs: number,
  windowMs: number,
): Promise<Measured> {
  const prefix = `bench-fanin-${randomBytes(3).toString('hex')}`;
  const rooms = Array.from({ length: roomCount }, (_, k) => `ride:${prefix}-${k}`);
  const workers = Array.from({ length: processes }, child);
  const onError = (err: Error) => ctx.log(`publisher bus error: ${err.message}`);
  const bus = mode === 'single' ? await createSingleChannelBus(ctx.redisUrl!, prefix, onError) : await createRedisBus(ctx.redisUrl!, prefix, onError);
  let timer: NodeJS.Timeout | undefined;
  try {
    const ready = workers.map((w) => message(w, 'ready'));
    workers.forEach((w, p) =>
      w.send({ type: 'init', mode, url: ctx.redisUrl!, prefix, rooms: rooms.filter((_, k) => k % processes === p) } satisfies FaninInit),
    );
    await Promise.all(ready);

    // Every TICK_MS, the driver locations due by then (catching up on a late timer: the rate holds on a
    // busy machine), to rooms taken in turn.
    const started = performance.now();
    let next = 0;
    timer = setInterval(() => {
      const due = Math.floor(((performance.now() - started) / 1000) * events);
      while (next < due) {
        const k = next++ % roomCount;
        const m: BusMessage = {
          channel: rooms[k]!,
          event: 'driver.location',
          data: { ride_id: `${prefix}-${k}`, lat: 37.7749 + k * 1e-5, lng: -122.4194, heading: 90, at: new Date().toISOString(), eta_s: 240 },
        };
        void bus.publish(m).catch(onError);
      }
    }, TICK_MS);
    await sleep(warmupMs);

    const report = () =>
      Promise.all(
        workers.map((w) => {
          const r = message<FaninReport>(w, 'report');
          w.send({ type: 'report' });
          return r;
        }),
      );
    const before = await report();
    const cpu0 = workers.map((w) => processCpuSeconds(w.pid!));
    const pub0 = process.cpuUsage();
    const t0 = performance.now();
    await sleep(windowMs);
    const cpu1 = workers.map((w) => processCpuSeconds(w.pid!));
    const pub1 = process.cpuUsage(pub0);
    const seconds = (performance.now() - t0) / 1000;
    const after = await report();
    const load = os.loadavg();
    const m: Measured = {
      mode,
      processes,
      cpuPct: cpu1.map((c, i) => ((c - cpu0[i]!) / seconds) * 100),
      receivedPerS: after.map((r, i) => (r.received - before[i]!.received) / seconds),
      deliveredPerS: after.map((r, i) => (r.delivered - before[i]!.delivered) / seconds),
      publisherPct: ((pub1.user + pub1.system) / 1e6 / seconds) * 100,
      load,
    };
    ctx.log(
      `${mode === 'single' ? 'one channel (before)' : 'per-room channels'}, ${processes} process(es): bus CPU per process ${m.cpuPct.map((x) => `${x.toFixed(1)} %`).join(', ')}; events received/s ${m.receivedPerS.map((x) => Math.round(x)).join(', ')} (of them for its rooms ${m.deliveredPerS.map((x) => Math.round(x)).join(', ')}); publisher ${m.publisherPct.toFixed(1)} %; load ${load.map((l) => l.toFixed(2)).join(' ')}`,
    );
    return m;
  } finally {
    clearInterval(timer);
    await sleep(200);
    await bus.close();
    for (const w of workers) if (w.exitCode === null && w.connected) w.send({ type: 'stop' });
    await Promise.all(workers.map((w) => (w.exitCode !== null ? null : new Promise((r) => w.once('exit', r)))));
    await dropRedisKeys(ctx.redisUrl!, prefix);
  }
}

const mean = (xs: number[]) => xs.reduce((a, x) => a + x, 0) / xs.length;

function rowsFor(all: Measured[], events: number, roomCount: number): Row[] {
  const load = `${events.toLocaleString('en-US')} events/s over ${roomCount.toLocaleString('en-US')} rooms`;
  const rows: Row[] = [];
  for (const m of all.filter((x) => x.mode === 'rooms')) {
    const single = all.find((x) => x.mode === 'single' && x.processes === m.processes);
    const label = `${m.processes} process${m.processes === 1 ? '' : 'es'}`;
    rows.push({
      area: 3,
      figure: `Bus CPU per subscribing process (mean), per-room channels, ${load}, ${label}`,
      value: mean(m.cpuPct),
      unit: '% of a core',
      baseline: single ? { label: `one channel for every event (before decision 0029), ${label}`, value: mean(single.cpuPct) } : undefined,
      ratio: single ? ratio(mean(single.cpuPct), mean(m.cpuPct)) : undefined,
      note: `events received per process per s: ${Math.round(mean(m.receivedPerS))} (one channel: ${single ? Math.round(mean(single.receivedPerS)) : '—'}); load average ${m.load.map((l) => l.toFixed(2)).join(' ')}`,
    });
  }
  const pub = (mode: Mode) => mean(all.filter((x) => x.mode === mode).map((x) => x.publisherPct));
  rows.push({
    area: 3,
    figure: `Bus CPU of the publishing process, per-room channels (a turn's PUBLISHes, one per room, in one script call), ${load}`,
    value: pub('rooms'),
    unit: '% of a core',
    baseline: { label: 'one channel (one PUBLISH per turn)', value: pub('single') },
    ratio: ratio(pub('single'), pub('rooms')),
  });
  return rows;
}
