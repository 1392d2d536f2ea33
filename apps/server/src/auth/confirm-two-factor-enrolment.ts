import { twoFactorText } from '@openride/shared/admin/two-factor-text';
import type { TwoFactorRecoveryCodes } from '@openride/shared/admin/two-factor';
import { recordAudit } from '../audit/record-audit';
import { domainError, forbidden } from '../lib/errors';
import { staffOf } from '../roles/staff.repo';
import type { Ports, SessionUser } from '../ports';
import { checkTotp, codeKind, decryptSecret, hashRecoveryCode, newRecoveryCodes } from './totp';
import { markSessionVerified, underSignInLimits } from './two-factor.repo';

/**
 * Turns two-factor sign-in on with a code from the app (decision 0090), under the sign-in limits: the setup
 * is enabled, 10 recovery codes are made (only their hashes kept, the codes answered this once), this session
 * has given the second factor, and the audit log says so — one transaction.
 */
export async function confirmTwoFactorEnrolment(
  services: Pick<Ports, 'db' | 'otpKey' | 'limiters'>,
  user: SessionUser,
  code: string,
  ip: string,
): Promise<TwoFactorRecoveryCodes> {
  const { db, otpKey } = services;
  if (!(await staffOf(db, user.id))) throw forbidden(twoFactorText.refusals.notStaff);
  const row = await db.selectFrom('staff_two_factor').select(['secret_encrypted', 'enabled_at']).where('user_id', '=', user.id).executeTakeFirst();
  if (!row) throw domainError('TWO_FACTOR_NOT_ENROLLED');
  if (row.enabled_at) throw domainError('TWO_FACTOR_ALREADY_ENROLLED');
  const secret = decryptSecret(otpKey, row.secret_encrypted);
  const step = await underSignInLimits(services, { email: user.email, ip }, async () =>
    secret && codeKind(code) === 'totp' ? checkTotp(secret, code, null) : null,
  );
  const codes = newRecoveryCodes();
  await db.transaction().execute(async (trx) => {
    // The setup confirmed is the one checked: a new setup begun meanwhile (another tab) changed the secret.
    const enabled = await trx
      .updateTable('staff_two_factor')
      .set({ enabled_at: new Date(), last_step: step })
      .where('user_id', '=', user.id)
      .where('enabled_at', 'is', null)
      .where('secret_encrypted', '=', row.secret_encrypted)
      .returning('user_id')
      .executeTakeFirst();
    if (!enabled) throw domainError('TWO_FACTOR_CODE_INVALID');
    await trx.deleteFrom('staff_recovery_codes').where('user_id', '=', user.id).execute();
    await trx
      .insertInto('staff_recovery_codes')
      .values(codes.map((c) => ({ user_id: user.id, code_hash: hashRecoveryCode(otpKey, c) })))
      .execute();
    await markSessionVerified(trx, user);
    await recordAudit(trx, {
      actorId: user.id,
      action: 'staff.two_factor_enrol',
      entityType: 'user',
      entityId: user.id,
      before: { two_factor: false },
      after: { two_factor: true },
    });
  });
  return { recovery_codes: codes };
}
