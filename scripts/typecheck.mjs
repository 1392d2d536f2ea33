// `npm run typecheck`: every TypeScript project checked by tsc, as many at once as the machine has cores
// (five projects one after another took 87 s on CI's 2-core machine; server and bench alone 52 s).
// Each project's output is printed whole when it ends, so the lines of two projects never interleave.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './lib.mjs';

// Every project, longest first, so the short ones fill in beside them.
const PROJECTS = ['apps/server', 'bench', 'apps/web', 'e2e', 'packages/shared'];
const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
const width = Math.max(1, Math.min(os.availableParallelism(), PROJECTS.length));

function check(project) {
  return new Promise((resolve) => {
    const started = Date.now();
    const proc = spawn(process.execPath, [tsc, '-p', project], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    proc.stdout.on('data', (d) => (out += d));
    proc.stderr.on('data', (d) => (out += d));
    proc.on('close', (code) => {
      const secs = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`tsc -p ${project}: ${code === 0 ? 'ok' : 'FAILED'} (${secs} s)\n${out}`);
      resolve(code === 0);
    });
  });
}

const queue = [...PROJECTS];
const results = [];
await Promise.all(
  Array.from({ length: width }, async () => {
    for (let p = queue.shift(); p; p = queue.shift()) results.push(await check(p));
  }),
);
process.exit(results.every(Boolean) && results.length === PROJECTS.length ? 0 : 1);
