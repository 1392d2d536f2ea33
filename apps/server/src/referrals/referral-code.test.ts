import { REFERRAL_CODE_PATTERN } from '@openride/shared/referrals/schemas';
import { expect, it } from 'vitest';
import { newReferralCode } from './referrals.repo';

it('draws 8-character codes of the look-alike-free alphabet, spread over it', () => {
  const codes = Array.from({ length: 2000 }, newReferralCode);
  for (const c of codes) expect(c).toMatch(REFERRAL_CODE_PATTERN);
  expect(new Set(codes).size).toBe(codes.length);
  expect(new Set(codes.join('')).size).toBe(31);
});
