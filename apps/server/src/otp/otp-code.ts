import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH } from '@openride/shared/constants';

/** A uniformly random code of OTP_LENGTH digits, leading zeros included. */
export function generateOtp(): string {
  return randomInt(0, 10 ** OTP_LENGTH)
    .toString()
    .padStart(OTP_LENGTH, '0');
}

/**
 * HMAC-SHA256 of phone and code under a server key: a leaked table gives neither the codes nor, with a
 * million candidates only, a way to brute-force them offline without the key. Binding the phone means a
 * hash cannot be replayed against another phone's row.
 */
export function hashOtp(key: Buffer, phone: string, code: string): string {
  return createHmac('sha256', key).update(`${phone}:${code}`).digest('hex');
}

/** Constant-time comparison of two hex hashes. */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

/** The key for code hashes, derived from the auth secret so that it is never the secret itself. */
export function deriveOtpKey(authSecret: string): Buffer {
  return createHmac('sha256', authSecret).update('openride:otp-hash-key:v1').digest();
}
