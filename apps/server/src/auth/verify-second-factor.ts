import type { TwoFactorVerified } from '@openride/shared/admin/two-factor';
import { domainError } from '../lib/errors';
import type { Ports, SessionUser } from '../ports';
import { checkTotp, codeKind, decryptSecret, hashRecoveryCode } from './totp';
import { markSessionVerified, recoveryCodesLeft, underSignInLimits } from './two-factor.repo';

/**
 * The second factor for this session (decision 0090), under the sign-in limits: a code from the app (each
 * time step accepted once: the row's `last_step` moves forward in a conditional update, so a replayed or
 * concurrent second use loses) or a recovery code (used up in a conditional update, so it works once).
 */
export async function verifySecondFactor(
  services: Pick<Ports, 'db' | 'otpKey' | 'limiters'>,
  user: SessionUser,
  code: string,
  ip: string,
): Promise<TwoFactorVerified> {
  const { db, otpKey } = services;
  const row = await db
    .selectFrom('staff_two_factor')
    .select(['secret_encrypted', 'last_step'])
    .where('user_id', '=', user.id)
    .where('enabled_at', 'is not', null)
    .executeTakeFirst();
  if (!row) throw domainError('TWO_FACTOR_NOT_ENROLLED');
  const kind = codeKind(code);
  const recoveryCodeUsed = await underSignInLimits(services, { email: user.email, ip }, async () => {
    if (kind === 'totp') {
      const secret = decryptSecret(otpKey, row.secret_encrypted);
      const step = secret ? await checkTotp(secret, code, row.last_step) : null;
      if (step === null) return null;
      const moved = await db
        .updateTable('staff_two_factor')
        .set({ last_step: step })
        .where('user_id', '=', user.id)
        .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
        .returning('user_id')
        .executeTakeFirst();
      return moved ? false : null;
    }
    if (kind === 'recovery') {
      const used = await db
        .updateTable('staff_recovery_codes')
        .set({ used_at: new Date() })
        .where('user_id', '=', user.id)
        .where('code_hash', '=', hashRecoveryCode(otpKey, code))
        .where('used_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      return used ? true : null;
    }
    return null;
  });
  await markSessionVerified(db, user);
  return { recovery_code_used: recoveryCodeUsed, recovery_codes_left: await recoveryCodesLeft(db, user.id) };
}
