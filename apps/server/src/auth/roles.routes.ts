import { authRoutes as authContract } from '@openride/shared/auth/api';
import { Hono } from 'hono';
import type { AppEnv } from '../http/context';
import { mounter } from '../http/mount';
import { rolesOf } from '../roles/roles.repo';
import { addOwnRole } from './add-own-role';
import type { Ports } from '../ports';

/** What these routes use (issue 28 §2): named here, not taken from the composition root's whole Services. */
type RouteDeps = Pick<Ports, 'db'>;

export function roleRoutes(services: RouteDeps) {
  const app = new Hono<AppEnv>();
  const on = mounter(app, services, authContract);

  /** §7 user_roles select: the caller's roles. */
  on('GET /api/user-roles/me', async ({ user }) => ({ status: 200, body: { roles: await rolesOf(services.db, user.id) } }));
  on('POST /api/user-roles', async ({ user, body }) => ({ status: 200, body: { roles: await addOwnRole(services, user.id, body.role) } }));

  return app;
}
