import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { AppEnv } from './context';

/** A public page's content, rendered on the server into index.html (public/prerender-pages.ts). */
export type Prerendered = { title: string; description: string; html: string };
/** The pre-render of a path, or null when the path is the app's alone. */
export type Prerender = (path: string) => Promise<Prerendered> | null;

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** index.html with `page` in #root, its title and description: React replaces #root's children when it mounts. */
export function withPrerendered(index: string, page: Prerendered): string {
  return index
    .replace(/<title>[^<]*<\/title>/, `<title>${attr(page.title)} · OpenRide</title>`)
    .replace(/<meta name="description" content="[^"]*"\s*\/?>/, `<meta name="description" content="${attr(page.description)}" />`)
    .replace(/<div id="root"><\/div>/, () => `<div id="root">${page.html}</div>`);
}

/**
 * Serve the built web app: hashed assets cached for a year, everything else falls back to index.html
 * (client-side routes, the admin path and the not-found page are the SPA's to decide). The public
 * information pages get their content pre-rendered into it (`prerender`; issue 15, decision 0057).
 */
export function mountWebApp(
  app: Hono<AppEnv>,
  distDir: string,
  opts: { prerender?: Prerender; onPrerenderError?: (err: unknown, path: string) => void } = {},
): boolean {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) return false;
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.res.headers.set('cache-control', 'public, max-age=31536000, immutable');
  });
  app.use('*', serveStatic({ root: distDir, precompressed: true }));
  app.get('*', async (c) => {
    if (c.req.path.startsWith('/api/')) return c.notFound();
    c.header('cache-control', 'no-cache');
    const index = fs.readFileSync(indexFile, 'utf8');
    const pending = opts.prerender?.(c.req.path);
    if (pending) {
      try {
        return c.html(withPrerendered(index, await pending));
      } catch (err) {
        opts.onPrerenderError?.(err, c.req.path);
      }
    }
    return c.html(index);
  });
  return true;
}
