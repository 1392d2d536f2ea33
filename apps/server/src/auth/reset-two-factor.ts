import { twoFactorText } from '@openride/shared/admin/two-factor-text';
import type { Kysely } from 'kysely';
import { recordAudit } from '../audit/record-audit';
import type { DB } from '../db/schema';
import { forbidden, notFound } from '../lib/errors';

/**
 * Resets a staff member's two-factor sign-in (decision 0090: a lost device): the secret, the recovery codes
 * and every session's second factor go, audited in the same transaction. A role that requires it is sent to
 * set it up again at its next console request. Never one's own through the console (another owner, or
 * `npm run admin -- reset-2fa` on the server); false when there was nothing to reset.
 */
export async function resetTwoFactor(db: Kysely<DB>, actorId: string, userId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const removed = await trx.deleteFrom('staff_two_factor').where('user_id', '=', userId).returning('enabled_at').executeTakeFirst();
    if (!removed) return false;
    await trx.deleteFrom('staff_recovery_codes').where('user_id', '=', userId).execute();
    await trx.deleteFrom('staff_two_factor_sessions').where('user_id', '=', userId).execute();
    await recordAudit(trx, {
      actorId,
      action: 'staff.two_factor_reset',
      entityType: 'user',
      entityId: userId,
      before: { two_factor: removed.enabled_at !== null },
      after: { two_factor: false },
    });
    return true;
  });
}

/** An owner resets another staff member's (the console's route): 404 when they are not staff or have none. */
export async function resetStaffTwoFactor(db: Kysely<DB>, actorId: string, userId: string) {
  if (userId === actorId) throw forbidden(twoFactorText.refusals.resetOwn);
  const member = await db.selectFrom('staff_members').select('user_id').where('user_id', '=', userId).executeTakeFirst();
  if (!member || !(await resetTwoFactor(db, actorId, userId))) throw notFound(twoFactorText.refusals.nothingToReset);
}

/** `npm run admin -- reset-2fa --email E`: by email, audited as the command line's. */
export async function resetTwoFactorByEmail(db: Kysely<DB>, actorId: string, email: string): Promise<'reset' | 'none' | 'no-account'> {
  const user = await db.selectFrom('user').select('id').where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
  if (!user) return 'no-account';
  return (await resetTwoFactor(db, actorId, user.id)) ? 'reset' : 'none';
}
