// `npm start`: the whole app on one port. Builds the web app when its sources changed, then runs the server.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildWebIfStale, ROOT } from './lib.mjs';

try {
  buildWebIfStale();
} catch (err) {
  console.error(err.message);
  process.exit(1);
}

const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/src/index.ts')], { cwd: process.cwd(), stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
