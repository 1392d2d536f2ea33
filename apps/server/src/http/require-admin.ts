import type { MiddlewareHandler } from 'hono';
import { forbidden } from '../lib/errors';
import { isAdmin } from '../roles/roles.repo';
import { type AppEnv, requireUser, type Services } from './context';

/**
 * Every admin API refuses non-admins, whatever path the panel is served at: mounted on `/api/admin/*` by
 * each routes file that registers admin endpoints. Signed out is 401, signed in without the role 403.
 */
export function requireAdmin(services: Pick<Services, 'db'>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = requireUser(c);
    if (!(await isAdmin(services.db, user.id))) throw forbidden('Administrators only.');
    await next();
  };
}
