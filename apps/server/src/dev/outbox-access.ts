import { uiText } from '@openride/shared/ui-text';
import type { MiddlewareHandler } from 'hono';
import { isLocalRequest } from '../http/client-ip';
import type { AppEnv } from '../http/context';
import type { Ports } from '../ports';
import { forbidden } from '../lib/errors';
import { isAdmin } from '../roles/roles.repo';

/**
 * The outbox holds every password-reset link and sign-in code: reading it is signing in as anyone. It answers
 * the machine the server runs on (a developer's browser or script) and signed-in administrators, nobody else
 * (decision 0022).
 */
export function requireLocalOrAdmin(services: Pick<Ports, 'db' | 'env'>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (isLocalRequest(c, services.env.TRUST_PROXY)) return next();
    const user = c.get('user');
    if (user && (await isAdmin(services.db, user.id))) return next();
    throw forbidden(uiText.outbox.refused);
  };
}
