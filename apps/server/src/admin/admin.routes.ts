import { ADMIN_DRIVER_FILTERS, driverVerificationSchema } from '@openride/shared/drivers/schemas';
import { Hono } from 'hono';
import { z } from 'zod';
import { listDriversForReview } from '../drivers/list-drivers-for-review';
import { reviewDriver } from '../drivers/review-driver';
import { type AppEnv, requireUser, type Services } from '../http/context';
import { requireAdmin } from '../http/require-admin';
import { notFound } from '../lib/errors';
import { listUsers } from '../roles/roles.repo';

const driverFilterSchema = z.object({ status: z.enum(ADMIN_DRIVER_FILTERS).default('all') });

export function adminRoutes(services: Services) {
  const { db } = services;
  const app = new Hono<AppEnv>();
  app.use('/api/admin/*', requireAdmin(services));

  app.get('/api/admin/path', (c) => c.json({ path: services.adminPath }));

  app.get('/api/admin/users', async (c) => c.json({ users: await listUsers(db) }));

  /** Driver applications to review (issue item 7), newest first; ?status=pending|approved|rejected|all. */
  app.get('/api/admin/drivers', async (c) => {
    const { status } = driverFilterSchema.parse({ status: c.req.query('status') || undefined });
    return c.json({ drivers: await listDriversForReview(services, status) });
  });

  app.post('/api/admin/drivers/:id/verification', async (c) => {
    const admin = requireUser(c);
    const id = z.uuid().safeParse(c.req.param('id'));
    if (!id.success) throw notFound('Driver not found');
    const input = driverVerificationSchema.parse(await c.req.json());
    return c.json({ driver: await reviewDriver(services, admin.id, id.data, input) });
  });

  return app;
}
