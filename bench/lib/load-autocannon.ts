import fs from 'node:fs';
import autocannon from 'autocannon';

/** CPU time (user + system, ms) a process has used so far, from /proc; null where there is no /proc. */
export function processCpuMs(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks, USER_HZ = 100
  } catch {
    return null;
  }
}

/** What one autocannon run measured. Latencies in milliseconds. */
export type LoadResult = {
  rps: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  bytesPerResponse: number;
  seconds: number;
  /** CPU the server process spent per response (ms): what the server costs, whatever else the machine runs. */
  serverCpuMsPerResponse: number | null;
  /** CPU this process (the load generator) spent per response (ms). */
  loadCpuMsPerResponse: number;
};

export type LoadOptions = {
  url: string;
  path: string;
  connections: number;
  seconds: number;
  /** Cookie headers handed out round-robin, one per request (many users polling at once). */
  cookies?: string[];
  /** The server's process id, to account its CPU time. */
  serverPid?: number;
};

/**
 * One autocannon run from this process (the load generator) against a server in another process.
 * With `cookies`, every request carries the next user's cookie header, so the server sees many sessions.
 */
export async function runLoad(opts: LoadOptions): Promise<LoadResult> {
  const cookies = opts.cookies;
  let next = 0;
  const cpu0 = processCpuMs(opts.serverPid);
  const self0 = process.cpuUsage();
  const result = await autocannon({
    url: opts.url,
    connections: opts.connections,
    duration: opts.seconds,
    pipelining: 1,
    timeout: 10,
    requests: [
      cookies?.length
        ? {
            method: 'GET',
            path: opts.path,
            setupRequest: (req) => ({ ...req, headers: { ...req.headers, cookie: cookies[next++ % cookies.length]! } }),
          }
        : { method: 'GET', path: opts.path },
    ],
  });
  const responses = result.requests.total;
  const cpu1 = processCpuMs(opts.serverPid);
  const self = process.cpuUsage(self0);
  return {
    rps: responses / (result.duration || opts.seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: responses,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    bytesPerResponse: responses ? result.throughput.total / responses : 0,
    seconds: result.duration,
    serverCpuMsPerResponse: cpu0 != null && cpu1 != null && responses ? (cpu1 - cpu0) / responses : null,
    loadCpuMsPerResponse: responses ? (self.user + self.system) / 1000 / responses : 0,
  };
}

/** Warm-up (JIT, pools, caches), then the measured run. */
export async function warmThenLoad(opts: LoadOptions & { warmupSeconds: number }): Promise<LoadResult> {
  await runLoad({ ...opts, seconds: opts.warmupSeconds });
  return runLoad(opts);
}

export const failures = (r: LoadResult) => r.non2xx + r.errors + r.timeouts;

/** Set by the http bench when it ran in this process: area 2 compares its poll with it. */
export const sharedFigures: { appHealthRps: number | null } = { appHealthRps: null };
