import { ADMIN_DRIVER_FILTERS, driverVerificationSchema } from '@openride/shared/drivers/schemas';
import { Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { isAdmin } from '../auth/roles.repo';
import { listDriversForReview } from '../drivers/list-drivers-for-review';
import { reviewDriver } from '../drivers/review-driver';
import { type AppEnv, requireUser, type Services } from '../http/context';
import { forbidden, notFound } from '../lib/errors';

const driverFilterSchema = z.object({ status: z.enum(ADMIN_DRIVER_FILTERS).default('all') });

/** Every admin API refuses non-admins, whatever path the panel is served at. */
export function requireAdmin(services: Services): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = requireUser(c);
    if (!(await isAdmin(services.db, user.id))) throw forbidden('Administrators only.');
    await next();
  };
}

export function adminRoutes(services: Services) {
  const { db } = services;
  const app = new Hono<AppEnv>();
  app.use('/api/admin/*', requireAdmin(services));

  app.get('/api/admin/path', (c) => c.json({ path: services.adminPath }));

  app.get('/api/admin/users', async (c) => {
    const users = await db
      .selectFrom('user')
      .leftJoin('user_roles', 'user_roles.user_id', 'user.id')
      .select((eb) => [
        'user.id',
        'user.email',
        'user.name',
        'user.createdAt as created_at',
        eb.fn.coalesce(eb.fn.agg<string[]>('array_agg', ['user_roles.role']).filterWhere('user_roles.role', 'is not', null), eb.val<string[]>([])).as('roles'),
      ])
      .groupBy('user.id')
      .orderBy('user.createdAt', 'desc')
      .limit(200)
      .execute();
    return c.json({ users });
  });

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
