import { accountText } from '@openride/shared/account/account-text';
import { phoneChangeCodeSchema, phoneChangeSchema } from '@openride/shared/account/schemas';
import { messages } from '@openride/shared/messages';
import { userChannel } from '@openride/shared/realtime';
import { sql } from 'kysely';
import { AppError, badRequest, domainError } from '../lib/errors';
import { take } from '../lib/rate-limit';
import { checkOtpCode } from '../otp/check-otp-code';
import { otpPhoneOf, sendOtp } from '../otp/send-otp';
import { withDefaultCountry } from '../lib/phone-country';
import { findPhoneConflict } from '../profiles/find-phone-conflict';
import { phoneKey } from '../profiles/phone-key';
import type { Ports } from '../ports';

type PhoneServices = Pick<Ports, 'db' | 'bus' | 'env' | 'limiters' | 'messenger' | 'logger' | 'otpKey'>;

/** The new number must differ from the caller's and be no other account's (the sign-up rule, decision 0058). */
async function refuseUnusable(services: Pick<Ports, 'db'>, userId: string, phone: string) {
  const current = await services.db.selectFrom('profiles').select('phone').where('id', '=', userId).executeTakeFirst();
  if (current?.phone && phoneKey(current.phone) === phoneKey(phone)) throw badRequest(accountText.phone.sameNumber);
  const conflict = await findPhoneConflict(services.db, phone, userId);
  if (conflict) throw domainError('PHONE_IN_USE', conflict);
}

/**
 * Step 1 of a phone change: a one-time code texted to the NEW number (the OTP service: 6 digits, 5 minutes,
 * its send limits). Nothing about the profile changes yet.
 */
export async function sendPhoneChangeCode(services: PhoneServices, userId: string, raw: unknown, ctx: { ip: string }) {
  const phone = otpPhoneOf(phoneChangeCodeSchema.parse(withDefaultCountry(raw, services.env.DEFAULT_COUNTRY)));
  await refuseUnusable(services, userId, phone);
  const sent = await sendOtp(services, { phone }, ctx);
  if (sent.status === 429) throw new AppError('RATE_LIMITED', messages.errors.tooManyAttempts.text);
  if (sent.status !== 200) throw domainError('CODE_NOT_SENT');
  return { sent: true as const };
}

/**
 * Step 2: the code the new number received. Only a matching live code (spent once, 5 attempts) changes the
 * phone, which is then verified; a number another account took meanwhile is refused, the phone unchanged.
 */
export async function changePhone(services: PhoneServices, userId: string, raw: unknown, ctx: { ip: string }) {
  const input = phoneChangeSchema.parse(withDefaultCountry(raw, services.env.DEFAULT_COUNTRY));
  // Stored in E.164 (decision 0094), as the code was sent.
  const phone = otpPhoneOf(input);
  if (!(await take(services.limiters.otpVerifyPerIp, ctx.ip))) throw new AppError('RATE_LIMITED', messages.errors.tooManyAttempts.text);
  await refuseUnusable(services, userId, phone);
  const check = await checkOtpCode(services, phone, input.code);
  if (check === 'invalid') throw domainError('WRONG_CODE');
  if (check === 'expired') throw domainError('CODE_EXPIRED');
  const profile = await services.db.transaction().execute(async (trx) => {
    // Serialises with sign-ups and other changes to this number: the conflict check and the write agree.
    await sql`select pg_advisory_xact_lock(hashtext(${`phone:${phoneKey(phone)}`}))`.execute(trx);
    const conflict = await findPhoneConflict(trx, phone, userId);
    if (conflict) throw domainError('PHONE_IN_USE', conflict);
    return trx
      .updateTable('profiles')
      .set({ phone, phone_verified_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
      .where('id', '=', userId)
      .returning(['full_name', 'phone'])
      .executeTakeFirstOrThrow();
  });
  await services.bus.publish({ channel: userChannel(userId), event: 'profile.changed', data: { full_name: profile.full_name, phone: profile.phone } });
  return { phone: profile.phone };
}
