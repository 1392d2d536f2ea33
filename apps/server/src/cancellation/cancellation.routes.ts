import { cancellationPoliciesQuerySchema, cancellationPolicyInputSchema, zonePolicyInputSchema } from '@openride/shared/cancellation/schemas';
import { Hono } from 'hono';
import { type AppEnv, requireUser, type Services } from '../http/context';
import { requireAdmin } from '../http/require-admin';
import { listCancellationPolicies } from './list-cancellation-policies';
import { updateCancellationPolicy } from './update-cancellation-policy';
import { createZonePolicy, removeZonePolicy } from './zone-cancellation-policy';

/** /cancellation-policies (admins only): the rules for late cancels and no-shows (decision 0033). */
export function cancellationRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  app.use('/api/admin/cancellation-policies', requireAdmin(services));
  app.use('/api/admin/cancellation-policies/*', requireAdmin(services));

  app.get('/api/admin/cancellation-policies', async (c) => c.json({ policies: await listCancellationPolicies(services.db, cancellationPoliciesQuerySchema.parse(c.req.query())) }));

  app.put('/api/admin/cancellation-policies/:id', async (c) => {
    const input = cancellationPolicyInputSchema.parse(await c.req.json());
    return c.json({ policy: await updateCancellationPolicy(services, requireUser(c).id, c.req.param('id'), input) });
  });

  app.post('/api/admin/cancellation-policies', async (c) => {
    const input = zonePolicyInputSchema.parse(await c.req.json());
    return c.json({ policy: await createZonePolicy(services, requireUser(c).id, input) }, 201);
  });

  app.delete('/api/admin/cancellation-policies/:id', async (c) => c.json({ policy: await removeZonePolicy(services, requireUser(c).id, c.req.param('id')) }));

  return app;
}
