import type { Context } from 'hono';
import { unauthorized } from '../lib/errors';
import type { SessionUser } from '../ports';

/**
 * What every route reads of a request: the signed-in caller (issue 28 §2). The composition root's
 * `Services` lives in services.ts beside server.ts; http/ names no domain.
 */
export type { SessionUser };

export type AppEnv = { Variables: { user: SessionUser | null } };

/**
 * The better-auth session each resolved caller came with (decision 0090: the one a staff member gives the
 * second factor in), kept off the user object, which routes answer as it is (`GET /api/me`).
 */
const sessionIds = new WeakMap<SessionUser, string>();
export function withSessionId(user: SessionUser, sessionId: string): SessionUser {
  sessionIds.set(user, sessionId);
  return user;
}
export const sessionIdOf = (user: SessionUser): string | undefined => sessionIds.get(user);

export function requireUser(c: Context<AppEnv>): SessionUser {
  const user = c.get('user');
  if (!user) throw unauthorized();
  return user;
}
