import { twoFactorText } from '@openride/shared/admin/two-factor-text';
import type { TwoFactorEnrolment } from '@openride/shared/admin/two-factor';
import { messages } from '@openride/shared/messages';
import { domainError, forbidden } from '../lib/errors';
import { staffOf } from '../roles/staff.repo';
import type { Ports, SessionUser } from '../ports';
import { encryptSecret, newTotpSecret, otpauthUri, qrCodeDataUrl } from './totp';

/**
 * A staff member begins setting up their authenticator app (decision 0090): a new secret, kept encrypted and
 * not enabled until a code from the app confirms it. A setup begun before is replaced; one confirmed is
 * refused (an owner resets it first).
 */
export async function startTwoFactorEnrolment(services: Pick<Ports, 'db' | 'otpKey'>, user: SessionUser): Promise<TwoFactorEnrolment> {
  const { db, otpKey } = services;
  if (!(await staffOf(db, user.id))) throw forbidden(twoFactorText.refusals.notStaff);
  const secret = newTotpSecret();
  const secretEncrypted = encryptSecret(otpKey, secret);
  const begun = await db
    .insertInto('staff_two_factor')
    .values({ user_id: user.id, secret_encrypted: secretEncrypted })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ secret_encrypted: secretEncrypted, created_at: new Date() }).where('staff_two_factor.enabled_at', 'is', null),
    )
    .returning('user_id')
    .executeTakeFirst();
  if (!begun) throw domainError('TWO_FACTOR_ALREADY_ENROLLED');
  const uri = otpauthUri(secret, twoFactorText.issuer(messages.app.name), user.email);
  return { secret, otpauth_uri: uri, qr_code: await qrCodeDataUrl(uri) };
}
