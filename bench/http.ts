import { spawn } from 'node:child_process';
import path from 'node:path';
import { createBenchDatabase, startApp } from './lib/app';
import { type LoadResult, failures, sharedFigures, warmThenLoad } from './lib/load-autocannon';
import { atLeast } from './lib/report';
import { ratio } from './lib/stats';
import type { Bench, BenchContext, Row } from './lib/types';

const BARE_ENTRY = path.join(import.meta.dirname, 'lib/bare-http-server.mjs');
/** Headers that describe the connection or the moment, not the answer: the bare server's own are fine. */
const HOP_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/** The bare node:http baseline as its own process, answering with exactly the app's body and headers. */
async function startBare(body: string, headers: Record<string, string>) {
  const proc = spawn(process.execPath, [BARE_ENTRY], {
    env: { PATH: process.env.PATH ?? '', BARE_BODY: body, BARE_HEADERS: JSON.stringify(headers) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    proc.stdout!.on('data', (d) => {
      out += d;
      const m = /BARE listening (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    proc.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return {
    pid: proc.pid,
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (proc.exitCode !== null) return resolve();
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
      }),
  };
}

const failNote = (r: LoadResult) => (failures(r) ? `${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts: not a pass` : '');

export const httpBench: Bench = {
  name: 'http',
  area: 1,
  async run(ctx: BenchContext): Promise<Row[]> {
    const seconds = ctx.quick ? 5 : 15;
    const warmupSeconds = ctx.quick ? 2 : 3;
    const connections = 50;
    const db = await createBenchDatabase(ctx, 'pglite');
    let app: Awaited<ReturnType<typeof startApp>> | null = null;
    let bare: Awaited<ReturnType<typeof startBare>> | null = null;
    try {
      app = await startApp(db);
      const probe = await fetch(`${app.url}/api/health`);
      const body = await probe.text();
      if (probe.status !== 200) throw new Error(`GET /api/health answered ${probe.status}`);
      const headers: Record<string, string> = {};
      probe.headers.forEach((v, k) => {
        if (!HOP_HEADERS.has(k)) headers[k] = v;
      });
      ctx.log(`http: app at ${app.url}, ${connections} connections, ${warmupSeconds} s warm-up + ${seconds} s each`);
      const appRun = await warmThenLoad({ serverPid: app.proc.pid, url: app.url, path: '/api/health', connections, seconds, warmupSeconds });
      await app.stop();
      app = null;

      bare = await startBare(body, headers);
      const check = await fetch(`${bare.url}/api/health`);
      if ((await check.text()) !== body) throw new Error('the bare server does not answer the same body');
      const bareRun = await warmThenLoad({ serverPid: bare.pid, url: bare.url, path: '/api/health', connections, seconds, warmupSeconds });
      ctx.log(
        `http: app ${Math.round(appRun.rps)} req/s p99 ${appRun.p99} ms (${appRun.bytesPerResponse.toFixed(0)} B/response); bare ${Math.round(bareRun.rps)} req/s p99 ${bareRun.p99} ms (${bareRun.bytesPerResponse.toFixed(0)} B/response)`,
      );

      const ok = failures(appRun) === 0 && failures(bareRun) === 0;
      sharedFigures.appHealthRps = ok ? appRun.rps : null;
      const rpsRatio = ratio(appRun.rps, bareRun.rps);
      const shared = `${connections} connections; autocannon and the server share the machine's 2 cores`;
      return [
        {
          area: 1,
          figure: 'GET /api/health through the app (req/s)',
          value: appRun.rps,
          unit: 'req/s',
          baseline: { label: 'bare node:http, same body and headers', value: bareRun.rps },
          ratio: rpsRatio,
          target: '≥ 0.8× bare node:http',
          met: ok ? atLeast(rpsRatio, 0.8) : false,
          note: failNote(appRun) || failNote(bareRun) || shared,
        },
        {
          area: 1,
          figure: 'GET /api/health: server CPU per response',
          value: appRun.serverCpuMsPerResponse,
          unit: 'ms',
          baseline: { label: 'bare node:http process', value: bareRun.serverCpuMsPerResponse },
          ratio: ratio(bareRun.serverCpuMsPerResponse, appRun.serverCpuMsPerResponse),
          note: `from /proc: holds whatever else runs on the machine; the load generator spent ${appRun.loadCpuMsPerResponse.toFixed(3)} ms per response`,
        },
        {
          area: 1,
          figure: 'GET /api/health through the app (p99)',
          value: appRun.p99,
          unit: 'ms',
          baseline: { label: 'bare node:http p99', value: bareRun.p99 },
          ratio: ratio(bareRun.p99 || 1, appRun.p99 || 1),
          note: shared,
        },
      ];
    } finally {
      await app?.stop();
      await bare?.stop();
      await db.drop();
    }
  },
};
