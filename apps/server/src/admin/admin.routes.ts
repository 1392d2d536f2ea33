import { Hono, type MiddlewareHandler } from 'hono';
import { isAdmin } from '../auth/roles.repo';
import { type AppEnv, requireUser, type Services } from '../http/context';
import { forbidden } from '../lib/errors';

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

  return app;
}
