import { API_ROUTES } from '@openride/shared/api';
import { rideRoutes as rideContract } from '@openride/shared/rides/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import { isMounted } from '../src/http/mount';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

/**
 * Routes registered by hand (`app.get(…)`) rather than from their contract entry by `mount` (issue 28 §1,
 * decision 0083). The number may only fall: each domain moved onto `mount` lowers it, and at 0 this test
 * becomes "no route is mounted outside `mount`".
 */
const HAND_MOUNTED_AT_MOST = 231;

/** Contracts wholly on `mount`: a route of theirs written by hand fails here at once. */
const WHOLLY_MOUNTED = [rideContract];

function handlers() {
  const app = createApp(server.services);
  return app.routes.filter(({ method, path }) => method !== 'ALL' && path.startsWith('/api/') && !path.startsWith('/api/auth/'));
}

describe('mount', () => {
  it('registers every contract it mounts, and the number of routes written by hand only falls', () => {
    const routes = handlers();
    const byHand = routes.filter((r) => !isMounted(r.handler)).map((r) => `${r.method} ${r.path}`);
    const mounted = routes.filter((r) => isMounted(r.handler)).map((r) => `${r.method} ${r.path}`);
    // Each mounted route is a contract entry, exactly.
    const contracts = new Set(API_ROUTES.map((r) => `${r.method} ${r.path}`));
    expect(mounted.filter((key) => !contracts.has(key))).toEqual([]);
    expect(mounted.length).toBeGreaterThanOrEqual(19);
    const mountedSet = new Set(mounted);
    const owed = WHOLLY_MOUNTED.flat().map((r) => `${r.method} ${r.path}`).filter((key) => !mountedSet.has(key));
    expect(owed, 'contract entries of a wholly mounted domain not mounted by mount').toEqual([]);
    expect(byHand.length, byHand.join('\n')).toBeLessThanOrEqual(HAND_MOUNTED_AT_MOST);
  });

  it('applies the contract’s auth before the handler: signed out is 401 with nothing done', async () => {
    const res = await fetch(`${server.url}/api/rides`, { method: 'POST', headers: { 'content-type': 'application/json', origin: server.url }, body: JSON.stringify({}) });
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe('UNAUTHORIZED');
  });
});
