import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { sendOtpSchema, verifyOtpSchema } from './schemas';

describe('one-time code bodies (§5)', () => {
  it('need exactly 10 phone digits, whatever the formatting', () => {
    expect(sendOtpSchema.safeParse({ phone: '(415) 555-0100' }).success).toBe(true);
    for (const phone of ['415555010', '41555501000', '']) {
      expect(sendOtpSchema.safeParse({ phone }).error!.issues[0]!.message).toBe(messages.errors.invalidPhone.text);
    }
  });
  it('need a code of exactly 6 digits', () => {
    expect(verifyOtpSchema.safeParse({ phone: '4155550100', otp: '012345' }).success).toBe(true);
    for (const otp of ['12345', '1234567', 'abcdef']) {
      expect(verifyOtpSchema.safeParse({ phone: '4155550100', otp }).error!.issues[0]!.message).toBe(messages.errors.invalidCode.text);
    }
  });
});
