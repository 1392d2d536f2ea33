import { OTP_EXPIRY_SECONDS } from '@openride/shared/constants';
import { messages } from '@openride/shared/messages';
import { type SendOtpResponse, sendOtpSchema } from '@openride/shared/otp/schemas';
import { parsePhone, type PhoneCountry } from '@openride/shared/phone';
import { withDefaultCountry } from '../lib/phone-country';
import { take } from '../lib/rate-limit';
import { generateOtp, hashOtp } from './otp-code';
import { deleteOtp, replaceOtp } from './otp.repo';
import type { Ports } from '../ports';

export type OtpResult<T> = { status: number; body: T };

/** The E.164 number a checked body's phone is (decision 0094): codes are stored, hashed, limited and texted by it. */
export function otpPhoneOf(data: { phone: string; country?: string }): string {
  const parsed = parsePhone(data.phone, data.country as PhoneCountry);
  if (!parsed.ok) throw new Error('otpPhoneOf: the schema let through a phone it does not read');
  return parsed.e164;
}

/**
 * §7 send-otp: a fresh 6-digit code by SMS, valid 5 minutes; it replaces the phone's previous code.
 * Bounded per phone (SMS bombing, cost) and per address (one client spraying many phones).
 */
export async function sendOtp(
  services: Pick<Ports, 'db' | 'env' | 'limiters' | 'messenger' | 'logger' | 'otpKey'>,
  raw: unknown,
  ctx: { ip: string },
): Promise<OtpResult<SendOtpResponse>> {
  const parsed = sendOtpSchema.safeParse(withDefaultCountry(raw, services.env.DEFAULT_COUNTRY));
  if (!parsed.success) return { status: 400, body: { success: false, error: parsed.error.issues[0]?.message ?? messages.errors.invalidPhone.text } };
  const phone = otpPhoneOf(parsed.data);

  const { limiters } = services;
  if (!(await take(limiters.otpSendPerIp, ctx.ip)) || !(await take(limiters.otpSendPerPhone, phone))) {
    return { status: 429, body: { success: false, error: messages.errors.tooManyAttempts.text, rateLimited: true } };
  }

  const code = generateOtp();
  const codeHash = hashOtp(services.otpKey, phone, code);
  await replaceOtp(services.db, phone, codeHash);
  try {
    await services.messenger.send({
      channel: 'sms',
      to: phone,
      subject: 'Verification code',
      body: `Your ${messages.app.name} verification code is ${code}. It expires in ${OTP_EXPIRY_SECONDS / 60} minutes.`,
    });
  } catch (err) {
    services.logger.error({ err }, 'could not send the verification SMS');
    // Nobody received it: do not leave a live code behind.
    await deleteOtp(services.db, phone, codeHash);
    return { status: 502, body: { success: false, error: messages.errors.error.sendCodeFailed } };
  }
  return { status: 200, body: { success: true } };
}
