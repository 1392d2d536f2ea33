import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './leaked-password';

describe('offline leaked-password list', () => {
  it('knows common passwords whatever their case, and not a random one', () => {
    expect(isCommonPassword('password1')).toBe(true);
    expect(isCommonPassword('Password1')).toBe(true);
    expect(isCommonPassword('Qwerty123')).toBe(true);
    expect(isCommonPassword('Ride4Fun-Kx9q')).toBe(false);
  });
});
