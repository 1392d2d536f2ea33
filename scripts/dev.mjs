// `npm run dev`: the API server restarting on every server/shared change (tsx watch) and Vite's dev server
// with hot reload, which proxies /api and /ws to it. Open the Vite URL it prints (http://localhost:5173).
// `npm start` is the production-like run (built web app served by the server on one port).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './lib.mjs';

const API_PORT = process.env.API_PORT ?? '3000';
const WEB_PORT = process.env.WEB_PORT ?? '5173';
const webUrl = `http://localhost:${WEB_PORT}`;

const children = [];
function run(name, args, opts) {
  const child = spawn(process.execPath, args, { stdio: 'inherit', ...opts });
  children.push(child);
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`[dev] ${name} stopped (${signal ?? `exit ${code}`}); stopping the rest`);
    stop(code ?? 1);
  });
  return child;
}

let stopping = false;
function stop(code = 0) {
  stopping = true;
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));

run(
  'server',
  [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'watch', '--clear-screen=false', '--include', 'packages/shared/src/**/*.ts', 'apps/server/src/index.ts'],
  {
    cwd: ROOT,
    // Links in emails and the admin panel's address point at the dev server people open.
    env: { PUBLIC_URL: webUrl, ...process.env, PORT: API_PORT },
  },
);
run('web', [path.join(ROOT, 'node_modules/vite/bin/vite.js'), '--port', WEB_PORT, '--strictPort'], {
  cwd: path.join(ROOT, 'apps/web'),
  env: { ...process.env, API_URL: `http://localhost:${API_PORT}` },
});
console.log(`[dev] open ${webUrl} (hot reload); the API runs on :${API_PORT} and restarts when server code changes`);
