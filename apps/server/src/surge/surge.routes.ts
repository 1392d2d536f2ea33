import { surgeRoutes as surgeContract } from '@openride/shared/surge/api';
import { Hono } from 'hono';
import type { AppEnv } from '../http/context';
import { mounter } from '../http/mount';
import { clearSurgeOverride, getSurgeOverview, getSurgeTimeline, setDemoRush, setSurgeFrozen, setSurgeOverride, updateSurgeRule } from './surge-verbs';
import type { Ports } from '../ports';
import type { SurgeEngine } from './surge-engine';

/** What these routes use (issue 28 §2): named here, not taken from the composition root's whole Services. */
type RouteDeps = Pick<Ports, 'db' | 'env'> & { surge: SurgeEngine };

/** /surge-pricing (admins only; decision 0035). */
export function surgeRoutes(services: RouteDeps) {
  const app = new Hono<AppEnv>();
  const on = mounter(app, services, surgeContract);

  on('GET /api/admin/surge', async ({ query }) => ({ status: 200, body: await getSurgeOverview(services, query.city_id) }));
  on('GET /api/admin/surge/zones/:id/timeline', async ({ params, query }) => ({ status: 200, body: await getSurgeTimeline(services, params.id, query.hours) }));
  on('PUT /api/admin/surge/rule', async ({ user, body }) => ({ status: 200, body: await updateSurgeRule(services, user.id, body) }));
  on('POST /api/admin/surge/freeze', async ({ user, body }) => ({ status: 200, body: await setSurgeFrozen(services, user.id, body.city_id, body.frozen) }));
  on('POST /api/admin/surge/demo-rush', async ({ user, body }) => ({ status: 200, body: await setDemoRush(services, user.id, body.city_id, body.on) }));
  on('POST /api/admin/surge/zones/:id/override', async ({ user, params, body }) => ({
    status: 200,
    body: { zone: await setSurgeOverride(services, user.id, params.id, body) },
  }));
  on('DELETE /api/admin/surge/zones/:id/override', async ({ user, params }) => ({
    status: 200,
    body: { zone: await clearSurgeOverride(services, user.id, params.id) },
  }));
  return app;
}
