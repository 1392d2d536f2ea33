import { adminPoliciesQuerySchema, policyInputSchema, policyReviewSchema, policyRevokeSchema } from '@openride/shared/compliance/insurance';
import { Hono } from 'hono';
import { type AppEnv, requireUser, type Services } from '../http/context';
import { requireAdmin } from '../http/require-admin';
import { addPolicy, listPoliciesForAdmin, listVehiclePolicies, reviewPolicy, revokePolicy } from './insurance-policies';

/** Insurance policies per vehicle (decision 0052): the driver's own on /vehicles, the admins' /insurance-verification. */
export function insuranceRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  app.use('/api/admin/insurance-policies', requireAdmin(services));
  app.use('/api/admin/insurance-policies/*', requireAdmin(services));

  app.get('/api/vehicles/:id/insurance', async (c) => c.json(await listVehiclePolicies(services, requireUser(c).id, c.req.param('id'))));

  app.post('/api/vehicles/:id/insurance', async (c) => {
    const user = requireUser(c);
    const input = policyInputSchema.parse(await c.req.json());
    return c.json({ policy: await addPolicy(services, user.id, c.req.param('id'), input) }, 201);
  });

  app.get('/api/admin/insurance-policies', async (c) => c.json(await listPoliciesForAdmin(services, adminPoliciesQuerySchema.parse(c.req.query()))));

  app.post('/api/admin/insurance-policies/:id/review', async (c) => {
    const admin = requireUser(c);
    const input = policyReviewSchema.parse(await c.req.json());
    return c.json({ policy: await reviewPolicy(services, admin.id, c.req.param('id'), input) });
  });

  app.post('/api/admin/insurance-policies/:id/revoke', async (c) => {
    const admin = requireUser(c);
    const input = policyRevokeSchema.parse(await c.req.json());
    return c.json({ policy: await revokePolicy(services, admin.id, c.req.param('id'), input.reason) });
  });
  return app;
}
