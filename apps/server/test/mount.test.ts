import { API_ROUTES } from '@openride/shared/api';
import { rideRoutes as rideContract } from '@openride/shared/rides/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import { isMounted } from '../src/http/mount';
import { newUser } from './ride-actors';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

/**
 * Routes registered by hand (`app.get(…)`) rather than from their contract entry by `mount` (issue 28 §1,
 * decision 0083). The number may only fall (250 when `mount` came, 99 after the first session moved 14 domains): each domain moved lowers it, and at 0 this test
 * becomes "no route is mounted outside `mount`".
 */
const HAND_MOUNTED_AT_MOST = 99;

/** Contracts and tags wholly on `mount`: a route of theirs written by hand fails here at once. */
const WHOLLY_MOUNTED = [rideContract];
const WHOLLY_MOUNTED_TAGS = ['notifications', 'pricing', 'cancellation', 'zones', 'surge', 'refunds', 'payouts', 'dashboard', 'vehicles', 'support-procedures', 'help', 'support', 'promotions', 'corporate'];

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
    expect(mounted.length).toBeGreaterThanOrEqual(152);
    const mountedSet = new Set(mounted);
    const owed = [...WHOLLY_MOUNTED.flat(), ...API_ROUTES.filter((r) => WHOLLY_MOUNTED_TAGS.includes(r.tag))]
      .map((r) => `${r.method} ${r.path}`)
      .filter((key) => !mountedSet.has(key));
    expect(owed, 'contract entries of a wholly mounted domain not mounted by mount').toEqual([]);
    expect(byHand.length, byHand.join('\n')).toBeLessThanOrEqual(HAND_MOUNTED_AT_MOST);
  });

  it('refuses a signed-in rider on every mounted admin route with 403, before any handler runs', async () => {
    const rider = await newUser(server, 'Mona Mount');
    const app = createApp(server.services);
    const admin = app.routes.filter((r) => isMounted(r.handler) && r.path.startsWith('/api/admin/') && r.method === 'GET' && !r.path.includes(':'));
    expect(admin.length).toBeGreaterThan(20);
    for (const route of admin) {
      const res = await rider.client.get(route.path);
      expect([route.path, res.status, res.body.error?.code]).toEqual([route.path, 403, 'FORBIDDEN']);
    }
  });

  it('applies the contract’s auth before the handler: signed out is 401 with nothing done', async () => {
    const res = await fetch(`${server.url}/api/rides`, { method: 'POST', headers: { 'content-type': 'application/json', origin: server.url }, body: JSON.stringify({}) });
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe('UNAUTHORIZED');
  });
});
