import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { build, type PluginOption } from 'vite';

const ROOT = path.resolve(import.meta.dirname, '../..');

const HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="A minimal React 19 page: the framework floor." />
    <title>Hello</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/main.jsx"></script>
  </body>
</html>
`;

const MAIN = `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

function App() {
  return <main><h1>Hello</h1><p>React 19 and react-dom, nothing else.</p></main>;
}

createRoot(document.getElementById('root')).render(<StrictMode><App /></StrictMode>);
`;

/**
 * The framework floor: a React 19 + react-dom "hello" page built in this run with the project's own Vite and
 * React plugin (production mode, same defaults as apps/web), into the bench's scratch folder. Returns its dist.
 */
export async function buildHello(tmpDir: string): Promise<string> {
  const root = path.join(tmpDir, 'hello');
  await fs.mkdir(root, { recursive: true });
  await fs.writeFile(path.join(root, 'index.html'), HTML);
  await fs.writeFile(path.join(root, 'main.jsx'), MAIN);
  // Resolve react / react-dom from the project's node_modules (the same copies apps/web bundles).
  await fs.symlink(path.join(ROOT, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  // apps/web's own React plugin (it is installed under apps/web, not hoisted).
  const pluginPath = createRequire(path.join(ROOT, 'apps/web/package.json')).resolve('@vitejs/plugin-react');
  const { default: react } = (await import(pathToFileURL(pluginPath).href)) as { default: () => PluginOption };
  const prevEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root,
      configFile: false,
      mode: 'production',
      logLevel: 'warn',
      plugins: [react()],
      build: { outDir: path.join(root, 'dist'), emptyOutDir: true },
    });
  } finally {
    if (prevEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = prevEnv;
  }
  return path.join(root, 'dist');
}

/** scripts/lib.mjs's check (as `npm start` does): rebuild apps/web when dist/ is older than its sources. */
export async function buildWebIfStale() {
  const lib = (await import(pathToFileURL(path.join(ROOT, 'scripts/lib.mjs')).href)) as { buildWebIfStale(opts?: { quiet?: boolean }): void };
  lib.buildWebIfStale({ quiet: true });
}

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };

/**
 * The hello page from a plain node:http server: files read once, gzip (level 9) when the browser accepts
 * it, long cache for hashed assets — as cheap a server as a page can have, so Lighthouse's score on it is
 * this machine's ceiling.
 */
export async function serveStatic(dist: string): Promise<{ url: string; close(): Promise<void> }> {
  const files = new Map<string, { body: Buffer; gz: Buffer; type: string }>();
  for (const entry of await fs.readdir(dist, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const body = await fs.readFile(file);
    const rel = `/${path.relative(dist, file).split(path.sep).join('/')}`;
    files.set(rel, { body, gz: zlib.gzipSync(body, { level: 9 }), type: TYPES[path.extname(file)] ?? 'application/octet-stream' });
  }
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const f = files.get(url.pathname) ?? files.get('/index.html')!;
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    res.writeHead(200, {
      'content-type': f.type,
      'cache-control': url.pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      vary: 'accept-encoding',
    });
    res.end(gzip ? f.gz : f.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://localhost:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
