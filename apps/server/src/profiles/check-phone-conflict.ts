import { messages } from '@openride/shared/messages';
import type { CheckPhoneConflictInput, PhoneConflictRow } from '@openride/shared/profiles/schemas';
import { checkPhoneConflictSchema } from '@openride/shared/profiles/schemas';
import { take } from '../lib/rate-limit';
import type { Ports, SessionUser } from '../ports';
import { AppError, forbidden } from '../lib/errors';
import { findPhoneConflict } from './find-phone-conflict';
import { storedPhone } from '../lib/phone-country';
import type { PhoneCountry } from '@openride/shared/phone';

/**
 * §7 RPC check_phone_conflict. Callable before sign-up (exclude_user_id null); a caller may only
 * exclude themselves, or anyone could learn whose phone is whose by excluding others one by one.
 * Bounded per address, as it tells whether a phone has an account.
 */
export async function checkPhoneConflict(
  services: Pick<Ports, 'db' | 'env' | 'limiters'>,
  ctx: { caller: SessionUser | null; ip: string },
  raw: CheckPhoneConflictInput,
): Promise<PhoneConflictRow[]> {
  const input = checkPhoneConflictSchema.parse(raw);
  if (input.exclude_user_id !== null && input.exclude_user_id !== ctx.caller?.id) {
    throw forbidden('You can only exclude your own account.');
  }
  if (!(await take(services.limiters.phoneCheckPerIp, ctx.ip))) throw new AppError('RATE_LIMITED', messages.errors.tooManyAttempts.text);
  // Read in the form's country (else the deployment's): a Spanish '612 34 56 78' is +34612345678 (decision 0094).
  const country = (input.country ?? services.env.DEFAULT_COUNTRY) as PhoneCountry;
  const conflict = await findPhoneConflict(services.db, storedPhone(input.check_phone, country), input.exclude_user_id);
  return conflict ? [{ conflict_message: conflict }] : [];
}
