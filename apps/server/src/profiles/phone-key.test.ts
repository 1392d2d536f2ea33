import { describe, expect, it } from 'vitest';
import { phoneKey, typedPhoneKey } from './phone-key';

describe('phone key (phones compared by their E.164 digits, decision 0094)', () => {
  it('is the same for every way of typing or storing one US number, before and after migration 0051', () => {
    for (const typed of ['+14155550100', '4155550100', '(415) 555-0100', '415.555.0100', '+1 415 555 0100', '1-415-555-0100']) {
      expect(phoneKey(typed)).toBe('14155550100');
    }
  });
  it('reads any other + number as its digits, so a foreign number never meets a US one of the same digits', () => {
    expect(phoneKey('+44 20 7946 0958')).toBe('442079460958');
    expect(phoneKey('+34612345678')).toBe('34612345678');
    expect(phoneKey('+4930123456')).toBe('4930123456');
    expect(phoneKey('(493) 012-3456')).toBe('14930123456');
    expect(phoneKey('')).toBe('');
    expect(phoneKey('555-0100')).toBe('5550100');
  });
  it('reads what someone typed in their country first', () => {
    expect(typedPhoneKey('612 34 56 78', 'ES')).toBe('34612345678');
    expect(typedPhoneKey('(415) 555-0100', 'US')).toBe('14155550100');
    expect(typedPhoneKey('+34 612 34 56 78', 'US')).toBe('34612345678');
    expect(typedPhoneKey(' 12 ', 'ES')).toBe('12');
  });
});
