import type { Context } from 'hono';
import { unauthorized } from '../lib/errors';
import type { SessionUser } from '../ports';

/**
 * What every route reads of a request: the signed-in caller (issue 28 §2). The composition root's
 * `Services` lives in services.ts beside server.ts; http/ names no domain.
 */
export type { SessionUser };

export type AppEnv = { Variables: { user: SessionUser | null } };

export function requireUser(c: Context<AppEnv>): SessionUser {
  const user = c.get('user');
  if (!user) throw unauthorized();
  return user;
}
