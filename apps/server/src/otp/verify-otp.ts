import { messages } from '@openride/shared/messages';
import { type VerifyOtpResponse, verifyOtpSchema } from '@openride/shared/otp/schemas';
import { sql } from 'kysely';
import { take } from '../lib/rate-limit';
import { phoneHasAccount } from '../profiles/find-phone-conflict';
import { phoneKey, profilePhoneKeySql } from '../profiles/phone-key';
import { checkOtpCode } from './check-otp-code';
import { type OtpResult, otpPhoneOf } from './send-otp';
import { withDefaultCountry } from '../lib/phone-country';
import type { Ports } from '../ports';

const expired = (): OtpResult<VerifyOtpResponse> => ({ status: 200, body: { success: false, error: messages.errors.verificationFailed.expired } });

/**
 * §7 verify-otp. A matching, unexpired code is consumed (one use) and says whether an account holds the
 * phone. Every check spends one of the code's 5 attempts before comparing, so guessing stops at 5 per
 * code sent (and sends are bounded). A signed-in caller verifying their own profile phone marks it verified.
 */
export async function verifyOtp(
  services: Pick<Ports, 'db' | 'env' | 'limiters' | 'otpKey'>,
  raw: unknown,
  ctx: { ip: string; userId: string | null },
): Promise<OtpResult<VerifyOtpResponse>> {
  const parsed = verifyOtpSchema.safeParse(withDefaultCountry(raw, services.env.DEFAULT_COUNTRY));
  if (!parsed.success) return { status: 400, body: { success: false, error: parsed.error.issues[0]?.message ?? messages.errors.invalidCode.text } };
  if (!(await take(services.limiters.otpVerifyPerIp, ctx.ip))) {
    return { status: 429, body: { success: false, error: messages.errors.tooManyAttempts.text, rateLimited: true } };
  }
  const phone = otpPhoneOf(parsed.data);
  const { db } = services;
  const check = await checkOtpCode(services, phone, parsed.data.otp);
  if (check === 'expired') return expired();
  if (check === 'invalid') return { status: 200, body: { success: false, error: messages.errors.verificationFailed.invalid } };
  if (ctx.userId) {
    await db
      .updateTable('profiles')
      .set({ phone_verified_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
      .where('id', '=', ctx.userId)
      .where(profilePhoneKeySql(), '=', phoneKey(phone))
      .execute();
  }
  return { status: 200, body: { success: true, userExists: await phoneHasAccount(db, phone) } };
}
