import { addRoleSchema } from '@openride/shared/auth/api';
import { Hono } from 'hono';
import { type AppEnv, requireUser, type Services } from '../http/context';
import { addOwnRole } from './add-own-role';
import { rolesOf } from '../roles/roles.repo';

export function roleRoutes(services: Services) {
  const app = new Hono<AppEnv>();

  /** §7 user_roles select: the caller's roles. */
  app.get('/api/user-roles/me', async (c) => {
    const user = requireUser(c);
    return c.json({ roles: await rolesOf(services.db, user.id) });
  });

  app.post('/api/user-roles', async (c) => {
    const user = requireUser(c);
    const { role } = addRoleSchema.parse(await c.req.json());
    return c.json({ roles: await addOwnRole(services, user.id, role) });
  });

  return app;
}
