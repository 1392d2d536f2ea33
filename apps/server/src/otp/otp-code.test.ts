import { describe, expect, it } from 'vitest';
import { deriveOtpKey, generateOtp, hashOtp, sameHash } from './otp-code';

describe('one-time codes', () => {
  it('are 6 digits, leading zeros kept', () => {
    for (let i = 0; i < 200; i++) expect(generateOtp()).toMatch(/^\d{6}$/);
  });
  it('hash per key and per phone, and compare only equal hashes', () => {
    const key = deriveOtpKey('x'.repeat(32));
    const h = hashOtp(key, '4155550100', '123456');
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(sameHash(h, hashOtp(key, '4155550100', '123456'))).toBe(true);
    expect(sameHash(h, hashOtp(key, '4155550101', '123456'))).toBe(false);
    expect(sameHash(h, hashOtp(deriveOtpKey('y'.repeat(32)), '4155550100', '123456'))).toBe(false);
    expect(sameHash(h, '')).toBe(false);
    expect(sameHash(h, h.slice(0, 10))).toBe(false);
  });
});
