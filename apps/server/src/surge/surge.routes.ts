import { surgeCityQuerySchema, surgeDemoRushSchema, surgeFreezeSchema, surgeOverrideSchema, surgeTimelineQuerySchema, updateSurgeRuleSchema } from '@openride/shared/surge/schemas';
import { Hono } from 'hono';
import { type AppEnv, requireUser, type Services } from '../http/context';
import { requireAdmin } from '../http/require-admin';
import { clearSurgeOverride, getSurgeOverview, getSurgeTimeline, setDemoRush, setSurgeFrozen, setSurgeOverride, updateSurgeRule } from './surge-verbs';

/** /surge-pricing (admins only; decision 0035). */
export function surgeRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  for (const path of ['/api/admin/surge', '/api/admin/surge/*']) app.use(path, requireAdmin(services));

  app.get('/api/admin/surge', async (c) => c.json(await getSurgeOverview(services, surgeCityQuerySchema.parse(c.req.query()).city_id)));
  app.get('/api/admin/surge/zones/:id/timeline', async (c) =>
    c.json(await getSurgeTimeline(services, c.req.param('id'), surgeTimelineQuerySchema.parse(c.req.query()).hours)),
  );
  app.put('/api/admin/surge/rule', async (c) => c.json(await updateSurgeRule(services, requireUser(c).id, updateSurgeRuleSchema.parse(await c.req.json()))));
  app.post('/api/admin/surge/freeze', async (c) => {
    const input = surgeFreezeSchema.parse(await c.req.json());
    return c.json(await setSurgeFrozen(services, requireUser(c).id, input.city_id, input.frozen));
  });
  app.post('/api/admin/surge/demo-rush', async (c) => {
    const input = surgeDemoRushSchema.parse(await c.req.json());
    return c.json(await setDemoRush(services, requireUser(c).id, input.city_id, input.on));
  });
  app.post('/api/admin/surge/zones/:id/override', async (c) =>
    c.json({ zone: await setSurgeOverride(services, requireUser(c).id, c.req.param('id'), surgeOverrideSchema.parse(await c.req.json())) }),
  );
  app.delete('/api/admin/surge/zones/:id/override', async (c) => c.json({ zone: await clearSurgeOverride(services, requireUser(c).id, c.req.param('id')) }));
  return app;
}
