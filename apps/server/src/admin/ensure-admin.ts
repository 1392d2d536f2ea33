import type { Kysely } from 'kysely';
import type { Auth } from '../auth/auth';
import type { DB } from '../db/schema';
import { grantStaff, staffOf } from '../roles/staff.repo';

/**
 * Create that admin if missing, or promote the existing user with that email: either way an owner of every
 * city (decision 0089; `npm run admin -- create`, ADMIN_EMAIL at start). Idempotent.
 */
export async function ensureAdmin(deps: { auth: Auth; db: Kysely<DB> }, email: string, password: string) {
  const normalized = email.trim().toLowerCase();
  let user = await deps.db.selectFrom('user').select(['id']).where('email', '=', normalized).executeTakeFirst();
  let created = false;
  if (!user) {
    const res = await deps.auth.api.signUpEmail({ body: { email: normalized, password, name: 'Administrator' } });
    user = { id: res.user.id };
    created = true;
  }
  const userId = user.id;
  const before = await staffOf(deps.db, userId);
  const owner = before?.role === 'owner' && before.cityIds === null;
  if (!owner) await deps.db.transaction().execute((trx) => grantStaff(trx, { userId, role: 'owner', cityIds: null, invitedBy: null }));
  return { userId, created, promoted: !created && !owner };
}
