import { resolveSosSchema } from '@openride/shared/safety/sos-schemas';
import { Hono } from 'hono';
import { type AppEnv, requireUser, type Services } from '../http/context';
import { requireAdmin } from '../http/require-admin';
import { getMySos, listOpenSos } from './list-sos';
import { raiseSos } from './raise-sos';
import { resolveSos } from './resolve-sos';

/** Safety (issue 15): SOS during a ride (decision 0061). */
export function safetyRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  app.use('/api/admin/sos', requireAdmin(services));
  app.use('/api/admin/sos/*', requireAdmin(services));

  app.post('/api/rides/:id/sos', async (c) => {
    const answer = await raiseSos(services, requireUser(c).id, c.req.param('id'));
    return c.json(answer, answer.repeated ? 200 : 201);
  });
  app.get('/api/rides/:id/sos', async (c) => c.json(await getMySos(services, requireUser(c).id, c.req.param('id'))));

  app.get('/api/admin/sos', async (c) => c.json(await listOpenSos(services)));
  app.post('/api/admin/sos/:id/resolve', async (c) => {
    const input = resolveSosSchema.parse(await c.req.json());
    return c.json(await resolveSos(services, requireUser(c).id, c.req.param('id'), input));
  });
  return app;
}
