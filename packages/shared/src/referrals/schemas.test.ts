import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { claimReferralSchema, normalizeReferralCode, REFERRAL_CODE_ALPHABET, REFERRAL_CODE_PATTERN, referralProgramFormSchema } from './schemas';

const code = fc.string({ unit: fc.constantFrom(...REFERRAL_CODE_ALPHABET), minLength: 8, maxLength: 8 });

describe('referral codes as people type them', () => {
  it('any code, in any case, with spaces or dashes, reads back as itself', () => {
    fc.assert(
      fc.property(code, fc.boolean(), fc.nat(8), (c, lower, cut) => {
        const typed = `${(lower ? c.toLowerCase() : c).slice(0, cut)} - ${(lower ? c.toLowerCase() : c).slice(cut)}`;
        expect(normalizeReferralCode(typed)).toBe(c);
        expect(claimReferralSchema.parse({ code: typed }).code).toBe(c);
      }),
    );
  });

  it('look-alike characters and wrong lengths are refused', () => {
    for (const bad of ['0OOOOOOO', '1IIIIIII', 'LLLLLLLL', 'ABCDEFG', 'ABCDEFGHJ', '']) {
      expect(REFERRAL_CODE_PATTERN.test(normalizeReferralCode(bad)), bad).toBe(false);
      expect(claimReferralSchema.safeParse({ code: bad }).success, bad).toBe(false);
    }
  });
});

describe('the admins’ program form', () => {
  it('turns dollars into cents and counts into numbers, and refuses what the API would', () => {
    const ok = referralProgramFormSchema('USD').parse({
      enabled: true,
      referrer_reward: '5.5',
      referee_reward: '0',
      rides_required: '10',
      within_days: '30',
      expiry_days: '90',
    });
    expect(ok).toEqual({ enabled: true, referrer_reward: 550, referee_reward: 0, rides_required: 10, within_days: 30, expiry_days: 90 });
    for (const bad of [
      { referrer_reward: '-1' },
      { referrer_reward: '5.555' },
      { referrer_reward: '1001' },
      { rides_required: '0' },
      { within_days: '366' },
      { expiry_days: 'ninety' },
    ]) {
      expect(
        referralProgramFormSchema('USD').safeParse({
          ...ok,
          referrer_reward: '5',
          referee_reward: '5',
          rides_required: '1',
          within_days: '1',
          expiry_days: '1',
          enabled: true,
          ...bad,
        }).success,
        JSON.stringify(bad),
      ).toBe(false);
    }
  });

  it("reads rewards in the program's currency: whole yen, fils in thousandths", () => {
    const typed = { enabled: true, referrer_reward: '1050', referee_reward: '0', rides_required: '1', within_days: '1', expiry_days: '90' };
    expect(referralProgramFormSchema('JPY').parse(typed).referrer_reward).toBe(1050);
    const refused = referralProgramFormSchema('JPY').safeParse({ ...typed, referrer_reward: '10.5' });
    expect(refused.error?.issues[0]?.message).toBe('Enter an amount in JPY like 500 (at most 100000)');
    expect(referralProgramFormSchema('KWD').parse({ ...typed, referrer_reward: '1.234' }).referrer_reward).toBe(1234);
    expect(referralProgramFormSchema('USD').safeParse({ ...typed, referrer_reward: '1000.01' }).success).toBe(false);
  });
});
