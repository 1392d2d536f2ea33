import { farePolicyInputSchema, simulateFareSchema } from '@openride/shared/pricing/schemas';
import { Hono } from 'hono';
import { type AppEnv, requireUser, type Services } from '../http/context';
import { requireAdmin } from '../http/require-admin';
import { createFarePolicy } from './create-fare-policy';
import { listFarePolicies } from './list-fare-policies';
import { simulateFare } from './simulate-fare';

/** /pricing-settings (admins only): fare policies, their versions, and the fare simulator (decision 0032). */
export function farePolicyRoutes(services: Services) {
  const { db } = services;
  const app = new Hono<AppEnv>();
  app.use('/api/admin/pricing/*', requireAdmin(services));

  app.get('/api/admin/pricing/:city', async (c) => c.json(await listFarePolicies(db, c.req.param('city'))));

  app.post('/api/admin/pricing/:city/policies', async (c) => {
    const input = farePolicyInputSchema.parse(await c.req.json());
    return c.json({ policy: await createFarePolicy(db, requireUser(c).id, c.req.param('city'), input) }, 201);
  });

  app.post('/api/admin/pricing/simulate', async (c) => c.json(await simulateFare(db, simulateFareSchema.parse(await c.req.json()))));

  return app;
}
