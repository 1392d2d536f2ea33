import { ROLES } from '@openride/shared/auth/roles';
import { Hono } from 'hono';
import { z } from 'zod';
import { type AppEnv, requireUser, type Services } from '../http/context';
import { addOwnRole } from './add-own-role';
import { rolesOf } from '../roles/roles.repo';

/** No user id in the path or the body: the only roles one can read or add are one's own. */
const addRoleSchema = z.object({ role: z.enum(ROLES) }).strict();

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
