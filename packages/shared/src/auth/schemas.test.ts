import { describe, expect, it } from 'vitest';
import { authWithRateLimitSchema, passwordSchema, signUpSchema } from './schemas';

describe('password rule (§5): 8+ characters with uppercase, lowercase and a number', () => {
  it.each([
    ['Abcdefg1', true],
    ['Abcdef1', false],
    ['abcdefg1', false],
    ['ABCDEFG1', false],
    ['Abcdefgh', false],
  ])('%s → %s', (pw, ok) => {
    expect(passwordSchema.safeParse(pw).success).toBe(ok);
  });
});

describe('sign-up (§5)', () => {
  it('needs a non-blank full name and phone, and reports the first problem first', () => {
    const res = signUpSchema.safeParse({ full_name: '  ', phone: '', email: 'a@b.co', password: 'Abcdefg1' });
    expect(res.success).toBe(false);
    expect(res.error!.issues[0]!.message).toBe('Please enter your full name.');
  });
});

describe('auth-with-rate-limit body (§7)', () => {
  it('requires options.data with full_name and phone for signup only', () => {
    expect(authWithRateLimitSchema.safeParse({ action: 'signin', email: 'a@b.co', password: 'x' }).success).toBe(true);
    expect(authWithRateLimitSchema.safeParse({ action: 'signup', email: 'a@b.co', password: 'x' }).success).toBe(false);
    expect(authWithRateLimitSchema.safeParse({ action: 'delete', email: 'a@b.co', password: 'x' }).success).toBe(false);
  });
});
