import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from './test-accounts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
export const SERVER_ENTRY = path.join(ROOT, 'apps/server/src/index.ts');

export type SpawnedServer = { url: string; port: number; proc: ChildProcess; output: () => string; stop(signal?: NodeJS.Signals): Promise<number | null> };

/** Run `node --import tsx apps/server/src/index.ts` as its own process, as `npm start` does, and wait until it listens. */
export async function spawnServer(env: Record<string, string>, opts: { timeoutMs?: number } = {}): Promise<SpawnedServer> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const proc = spawnEntry(SERVER_ENTRY, { PORT: String(port), PUBLIC_URL: `http://localhost:${port}`, HOST: '127.0.0.1', ...env });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      // Never leave a half-started server behind: it would hold its port and DATA_DIR.
      proc.kill('SIGKILL');
      reject(new Error(`server did not start within ${opts.timeoutMs ?? 60000} ms:\n${out}`));
    }, opts.timeoutMs ?? 60_000);
    const onData = () => {
      if (out.includes('OpenRide listening')) {
        clearTimeout(timer);
        resolve();
      }
    };
    proc.stdout!.on('data', onData);
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
  return {
    url: `http://localhost:${port}`,
    port,
    proc,
    output: () => out,
    stop: (signal = 'SIGTERM') => stopProcess(proc, signal),
  };
}

export function spawnEntry(entry: string, env: Record<string, string>, args: string[] = []) {
  return spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export function stopProcess(proc: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
  return new Promise<number | null>((resolve) => {
    if (proc.exitCode !== null) return resolve(proc.exitCode);
    proc.once('exit', (code) => resolve(code));
    proc.kill(signal);
  });
}

/** Run a process to completion and collect what it printed. */
export function runToExit(entry: string, env: Record<string, string>, args: string[] = []) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const proc = spawnEntry(entry, env, args);
    let output = '';
    proc.stdout!.on('data', (d) => (output += d));
    proc.stderr!.on('data', (d) => (output += d));
    proc.once('exit', (code) => resolve({ code, output }));
  });
}
