import { describe, expect, it } from 'vitest';
import { formatPhoneInput, maskPhone, phoneDigits } from './phone';

describe('phone helpers (§5)', () => {
  it('keeps digits only, at most 10', () => {
    expect(phoneDigits('(415) 555-0100 ext 99')).toBe('4155550100');
    expect(phoneDigits('abc')).toBe('');
  });

  it('formats progressively as (###) ###-####', () => {
    expect(formatPhoneInput('')).toBe('');
    expect(formatPhoneInput('4')).toBe('(4');
    expect(formatPhoneInput('4155')).toBe('(415) 5');
    expect(formatPhoneInput('4155550')).toBe('(415) 555-0');
    expect(formatPhoneInput('415555010099')).toBe('(415) 555-0100');
  });

  it("masks all but the last 4 digits as ***-***-1234, 'N/A' when empty, unchanged under 4 digits", () => {
    expect(maskPhone('4155551234')).toBe('***-***-1234');
    expect(maskPhone('(415) 555-1234')).toBe('***-***-1234');
    expect(maskPhone('')).toBe('N/A');
    expect(maskPhone(null)).toBe('N/A');
    expect(maskPhone(undefined)).toBe('N/A');
    expect(maskPhone('123')).toBe('123');
  });
});
