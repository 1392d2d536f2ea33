import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { type Summary, sleep, summarize } from './stats';
import type { WorkerInit, WorkerPair, WorkerResult, WorkerStart } from './ws-load-worker';

const ROOT = path.resolve(import.meta.dirname, '../..');
const WORKER = path.join(import.meta.dirname, 'ws-load-worker.ts');
/** Sockets one load-generator process holds (a process may open 20,000 files). */
const SOCKETS_PER_WORKER = 8000;
const IDLE_MS = 5000;

/** CPU time (user + system) a process has used, in seconds, from /proc (Linux). */
export function processCpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // fields[11], [12] are utime, stime (fields 14, 15 of proc(5)), in clock ticks (100 per second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export type LoadResult = {
  pairs: number;
  connectMs: number;
  connectFailures: number;
  firstError: string;
  sent: number;
  received: number;
  dropped: number;
  duplicates: number;
  errorFrames: number;
  closedSockets: number;
  /** Frames sent inside the measured window (after the warm-up), and of those the ones received. */
  measuredSent: number;
  measuredReceived: number;
  windowS: number;
  updatesPerS: number;
  offeredPerS: number;
  latency: Summary;
  /** Server process CPU seconds inside the measured window (all server processes together). */
  serverCpuS: number | null;
  /** What the server spent over a window as long while connected but idle (no frames). */
  serverIdleCpuS: number | null;
  /** The same two, per server process (in the order of `serverPids`). */
  serverCpuPerProcessS: Array<number | null>;
  serverIdleCpuPerProcessS: Array<number | null>;
};

function workerMessage<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: { type: string }) => {
      if (m.type === type) {
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(m as T);
      }
    };
    const onExit = (code: number | null) => reject(new Error(`load worker exited with ${code} before "${type}"`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

/**
 * N driver/rider pairs over WebSockets, spread over child processes (each from its own 127.0.0.x address,
 * so ephemeral ports never run short): connect them all, then every driver sends a frame every
 * `intervalMs` for `durationMs`; the first `warmupMs` are not measured (first frames load caches).
 */
export async function runLocationLoad(opts: {
  mode: 'app' | 'bare';
  wsUrl: string;
  origin: string;
  pairs: WorkerPair[];
  intervalMs: number;
  warmupMs: number;
  durationMs: number;
  /** The server process, or processes (their CPU is read one by one and summed). */
  serverPid: number | number[];
  log(msg: string): void;
}): Promise<LoadResult> {
  const n = opts.pairs.length;
  const pids = Array.isArray(opts.serverPid) ? opts.serverPid : [opts.serverPid];
  const workers = Math.max(1, Math.ceil((2 * n) / SOCKETS_PER_WORKER));
  const children: ChildProcess[] = [];
  try {
    for (let w = 0; w < workers; w++) {
      children.push(spawn(process.execPath, ['--import', 'tsx', WORKER], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
    }
    const connectStart = performance.now();
    const connected = children.map((c) => workerMessage<{ failures: number; firstError: string }>(c, 'connected'));
    children.forEach((c, w) => {
      const init: WorkerInit = {
        type: 'init',
        mode: opts.mode,
        url: opts.wsUrl,
        origin: opts.origin,
        localAddress: `127.0.0.${10 + w}`,
        pairs: opts.pairs.filter((_, i) => i % workers === w),
        concurrency: 16,
      };
      c.send(init);
    });
    const conn = await Promise.all(connected);
    const connectMs = performance.now() - connectStart;
    const connectFailures = conn.reduce((s, c) => s + c.failures, 0);
    opts.log(`${opts.mode}: ${n} pairs connected over ${workers} load process(es) in ${(connectMs / 1000).toFixed(1)} s (${connectFailures} failed)`);

    // The server's CPU with every socket open and no frames (timers, heartbeats, background loops): what
    // it costs while idle, so the per-update cost can also be read net of it.
    const idle0 = pids.map(safeCpu);
    const idleStart = performance.now();
    await sleep(IDLE_MS);
    const idle1 = pids.map(safeCpu);
    const idleS = (performance.now() - idleStart) / 1000;
    const idleCpuPerS = pids.map((_, i) => (idle0[i] == null || idle1[i] == null ? null : (idle1[i]! - idle0[i]!) / idleS));

    const done = children.map((c) => workerMessage<WorkerResult>(c, 'done'));
    children.forEach((c, w) => {
      const start: WorkerStart = {
        type: 'start',
        intervalMs: opts.intervalMs,
        warmupMs: opts.warmupMs,
        durationMs: opts.durationMs,
        drainMs: 3000,
        phaseOffset: w / workers / Math.max(1, n / workers),
      };
      c.send(start);
    });
    await sleep(opts.warmupMs);
    // BENCH_PROFILE_SIGNAL: tell the server when the window opens and closes (a profiler hook listens).
    if (process.env.BENCH_PROFILE_SIGNAL) for (const pid of pids) process.kill(pid, process.env.BENCH_PROFILE_SIGNAL);
    const cpu0 = pids.map(safeCpu);
    const w0 = performance.now();
    await sleep(opts.durationMs - opts.warmupMs);
    const cpu1 = pids.map(safeCpu);
    if (process.env.BENCH_PROFILE_SIGNAL) for (const pid of pids) process.kill(pid, process.env.BENCH_PROFILE_SIGNAL);
    const windowS = (performance.now() - w0) / 1000;
    const results = await Promise.all(done);
    const sum = (k: keyof WorkerResult) => results.reduce((s, r) => s + (r[k] as number), 0);
    const latencies = results.flatMap((r) => r.latencies);
    const measuredReceived = sum('measuredReceived');
    const measuredSent = sum('measuredSent');
    const cpuPerProcess = pids.map((_, i) => (cpu0[i] == null || cpu1[i] == null ? null : cpu1[i]! - cpu0[i]!));
    const idlePerProcess = idleCpuPerS.map((perS) => (perS == null ? null : perS * windowS));
    const total = (xs: Array<number | null>) => (xs.some((x) => x == null) ? null : xs.reduce<number>((a, x) => a + x!, 0));
    return {
      pairs: n,
      connectMs,
      connectFailures,
      firstError: conn.find((c) => c.firstError)?.firstError ?? '',
      sent: sum('sent'),
      received: sum('received'),
      dropped: sum('sent') - sum('received'),
      duplicates: sum('duplicates'),
      errorFrames: sum('errorFrames'),
      closedSockets: sum('closedSockets'),
      measuredSent,
      measuredReceived,
      windowS,
      updatesPerS: measuredReceived / windowS,
      offeredPerS: measuredSent / windowS,
      latency: summarize(latencies),
      serverCpuS: total(cpuPerProcess),
      serverIdleCpuS: total(idlePerProcess),
      serverCpuPerProcessS: cpuPerProcess,
      serverIdleCpuPerProcessS: idlePerProcess,
    };
  } finally {
    for (const c of children) {
      if (c.exitCode === null && c.connected) c.send({ type: 'stop' });
    }
    await Promise.all(children.map((c) => (c.exitCode !== null ? null : new Promise((r) => c.once('exit', r)))));
  }
}

function safeCpu(pid: number) {
  try {
    return processCpuSeconds(pid);
  } catch {
    return null;
  }
}

/** Start the bare relay (the baseline) as its own process. */
export async function startBareRelay(): Promise<{ port: number; proc: ChildProcess; stop(): Promise<void> }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'bare-ws-relay.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    proc.stdout!.on('data', (d) => {
      out += d;
      const m = /listening (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    proc.once('exit', (code) => reject(new Error(`bare relay exited with ${code}`)));
  });
  return {
    port,
    proc,
    stop: () =>
      new Promise<void>((resolve) => {
        if (proc.exitCode !== null) return resolve();
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
      }),
  };
}
