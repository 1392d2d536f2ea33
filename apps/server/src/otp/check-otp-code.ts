import { hashOtp, sameHash } from './otp-code';
import { consumeOtp, spendOtpAttempt } from './otp.repo';
import type { Ports } from '../ports';

export type OtpCheck = 'ok' | 'invalid' | 'expired';

/**
 * One check of a code against the phone's live code: spends one of its attempts first (so guessing stops at
 * 5 per code sent), and a match consumes it (one use, one winner among concurrent checks). What verify-otp
 * and the account's phone change both ask. `phone` is E.164, as the code was sent (send-otp.ts).
 */
export async function checkOtpCode(services: Pick<Ports, 'db' | 'otpKey'>, phone: string, code: string): Promise<OtpCheck> {
  const storedHash = await spendOtpAttempt(services.db, phone);
  if (!storedHash) return 'expired';
  if (!sameHash(storedHash, hashOtp(services.otpKey, phone, code))) return 'invalid';
  return (await consumeOtp(services.db, phone, storedHash)) ? 'ok' : 'expired';
}
