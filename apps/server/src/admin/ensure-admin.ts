import type { Kysely } from 'kysely';
import type { Auth } from '../auth/auth';
import type { DB } from '../db/schema';

/** Create that admin if missing, or promote the existing user with that email. Idempotent. */
export async function ensureAdmin(deps: { auth: Auth; db: Kysely<DB> }, email: string, password: string) {
  const normalized = email.trim().toLowerCase();
  let user = await deps.db.selectFrom('user').select(['id']).where('email', '=', normalized).executeTakeFirst();
  let created = false;
  if (!user) {
    const res = await deps.auth.api.signUpEmail({ body: { email: normalized, password, name: 'Administrator' } });
    user = { id: res.user.id };
    created = true;
  }
  const inserted = await deps.db
    .insertInto('user_roles')
    .values({ user_id: user.id, role: 'admin' })
    .onConflict((oc) => oc.columns(['user_id', 'role']).doNothing())
    .executeTakeFirst();
  return { userId: user.id, created, promoted: !created && Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0 };
}
