import { readFileSync } from 'node:fs';
import { API_ROUTES } from '@openride/shared/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import { buildOpenApiDocument, documentedRoutes } from '../src/http/openapi';
import { openApiPath } from '../src/http/openapi-html';
import { renderApiMarkdown } from '../src/http/openapi-markdown';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

/**
 * Every `METHOD path` the app answers with a handler of its own. Left out by rule: middleware and the
 * `/api/*` not-found catch-all (Hono lists both as `ALL`), the static web app (outside `/api/`), and
 * better-auth's `/api/auth/*` handler, whose routes are the library's contract, not ours.
 */
function mountedRoutes(app: ReturnType<typeof createApp>) {
  const seen = new Set<string>();
  for (const { method, path } of app.routes) {
    if (method === 'ALL' || !path.startsWith('/api/') || path.startsWith('/api/auth/')) continue;
    seen.add(`${method} ${path}`);
  }
  return [...seen].sort();
}

const documented = (production: boolean) => {
  const doc = buildOpenApiDocument({ production });
  return Object.entries(doc.paths)
    .flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();
};

describe('the wire contract', () => {
  // This is the test that fails when a route is mounted without a contract in packages/shared/src/<domain>/api.ts
  // (tried: a `GET /api/rides/:id/extra` added to rides.routes.ts made it list that route as missing), or
  // when a contract names a route nobody mounts, or with another method.
  it.each([false, true])('every mounted /api route is in the document with its method, and nothing else is (production: %s)', (production) => {
    const app = createApp({ ...server.services, env: { ...server.services.env, NODE_ENV: production ? 'production' : 'test' } });
    const mounted = mountedRoutes(app)
      .map((entry) => {
        const [method, path] = entry.split(' ');
        return `${method} ${openApiPath(path!)}`;
      })
      .sort();
    expect(mounted.length).toBeGreaterThan(30);
    expect(documented(production)).toEqual(mounted);
  });

  it('declares each route once, each 2xx with its body (or its content type), and a tag, summary and auth', () => {
    const keys = API_ROUTES.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const route of API_ROUTES) {
      const ok = Object.entries(route.responses).filter(([status]) => Number(status) < 300);
      expect(ok.length, `${route.method} ${route.path}`).toBeGreaterThan(0);
      // Only a 204 may promise no body at all.
      for (const [status, spec] of ok) if (status !== '204') expect(spec.schema ?? spec.contentType, `${route.method} ${route.path}`).toBeDefined();
      expect(route.summary.length).toBeGreaterThan(3);
      for (const param of route.path.match(/:[A-Za-z0-9_]+/g) ?? []) {
        expect(Object.keys(route.request?.params?.shape ?? {}), `${route.method} ${route.path}`).toContain(param.slice(1));
      }
    }
  });

  it('serves the OpenAPI 3.1 document and the reference page to anyone, without a session', async () => {
    const visitor = server.client();
    const res = await visitor.get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.body).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument({ production: false }))));
    const ride = res.body.paths['/api/rides/{id}'].get;
    expect(ride['x-auth']).toBe('user');
    expect(ride.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
    const rideSchema = JSON.stringify(ride.responses['200'].content['application/json'].schema);
    expect(rideSchema).toContain('"share_token"');
    expect(res.body['x-realtime-events']['ride.offer']).toBeDefined();

    const page = await visitor.get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = String(page.body);
    // Offline: nothing is fetched from elsewhere, and no script is needed to read it.
    expect(html).not.toMatch(/<script|https?:\/\/(?!localhost)[^"'\s<]*\.(js|css)/);
    for (const route of documentedRoutes({ production: false })) expect(html).toContain(`<code>${route.path.replace(/'/g, '&#39;')}</code>`);
    expect(html).toContain('ride.offer');
  });

  it('is one a third party accepts: names its dialect, declares 401 on every signed-in operation and 403 on every admin one, and real media types for stored files (decision 0082)', () => {
    const doc = buildOpenApiDocument({ production: false });
    expect(doc.jsonSchemaDialect).toBe('https://json-schema.org/draft/2020-12/schema');
    type Operation = { 'x-auth': string; operationId: string; responses: Record<string, { content?: Record<string, unknown> }> };
    const paths = doc.paths as Record<string, Record<string, Operation>>;
    const operations = Object.values(paths).flatMap((ops) => Object.values(ops));
    for (const op of operations) {
      if (op['x-auth'] !== 'public') expect(Object.keys(op.responses), op.operationId).toContain('401');
      if (op['x-auth'] === 'admin') expect(Object.keys(op.responses), op.operationId).toContain('403');
    }
    expect(Object.keys(paths['/api/files/{id}']!.get!.responses['200']!.content!)).toEqual(['image/jpeg', 'image/png', 'image/webp', 'application/pdf']);
  });

  it('docs/api.md is the one `npm run docs:api` writes', () => {
    const opts = { production: false };
    const expected = renderApiMarkdown(documentedRoutes(opts), buildOpenApiDocument(opts));
    const actual = readFileSync(new URL('../../../docs/api.md', import.meta.url), 'utf8');
    expect(actual, 'docs/api.md is stale: run `npm run docs:api`').toBe(expected);
  });
});
