import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatPhone,
  formatPhoneInput,
  formatTypedPhone,
  isPhoneCountry,
  maskPhone,
  parsePhone,
  phoneCountries,
  phoneDigits,
  phoneForInput,
  phoneHint,
  toE164,
} from './phone';

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

describe('phone numbers of any country (issue 30 §2)', () => {
  it('reads the US as the spec does: exactly 10 digits, +1 in E.164, the spec message otherwise', () => {
    expect(parsePhone('(415) 555-0100')).toEqual({ ok: true, e164: '+14155550100', country: 'US' });
    expect(parsePhone('4155550100', 'US')).toEqual({ ok: true, e164: '+14155550100', country: 'US' });
    expect(parsePhone('+1 415 555 0100')).toEqual({ ok: true, e164: '+14155550100', country: 'US' });
    for (const bad of ['12345', '(415) 555-010', '415555010099', '', 'call me', '14155550100']) {
      expect(parsePhone(bad)).toEqual({ ok: false, error: 'Please enter a valid 10-digit phone number' });
    }
    expect(phoneHint()).toBe('US phone numbers only');
    expect(phoneHint('US')).toBe('US phone numbers only');
  });

  it.each([
    ['ES', '612 34 56 78', '+34612345678', '+34 612 34 56 78'],
    ['GB', '020 7946 0958', '+442079460958', '+44 20 7946 0958'],
    ['IN', '98765 43210', '+919876543210', '+91 98765 43210'],
    ['JP', '090-1234-5678', '+819012345678', '+81 90 1234 5678'],
  ] as const)('reads a %s number in its country and in E.164, and shows it back', (country, national, e164, shown) => {
    expect(parsePhone(national, country)).toEqual({ ok: true, e164, country });
    expect(parsePhone(e164)).toEqual({ ok: true, e164, country });
    expect(parsePhone(shown, 'US')).toEqual({ ok: true, e164, country });
    expect(formatPhone(e164)).toBe(shown);
    expect(parsePhone(formatPhone(e164), country)).toMatchObject({ ok: true, e164 });
    expect(maskPhone(e164)).toBe(`***-***-${e164.slice(-4)}`);
  });

  it('refuses what is not a number of the country, naming the country', () => {
    expect(parsePhone('123', 'ES')).toEqual({ ok: false, error: 'Please enter a valid Spain phone number' });
    expect(parsePhone('612 34 56 78 90', 'ES')).toEqual({ ok: false, error: 'Please enter a valid Spain phone number' });
    expect(parsePhone('+34 123', 'ES')).toEqual({ ok: false, error: 'Please enter a valid Spain phone number' });
    expect(parsePhone('4155550100', 'GB')).toEqual({ ok: false, error: 'Please enter a valid United Kingdom phone number' });
    expect(phoneHint('ES')).toBe('Spain phone numbers');
  });

  it('formats as you type in the country, the US as the spec does', () => {
    expect(formatPhoneInput('4155550', 'US')).toBe('(415) 555-0');
    expect(formatPhoneInput('612345678', 'ES')).toBe('612 34 56 78');
    expect(formatPhoneInput('+44207946', 'ES')).toBe('+44 20 7946');
    expect(formatPhoneInput('', 'ES')).toBe('');
    expect(formatPhone('+14155550100')).toBe('(415) 555-0100');
    expect(formatPhone('(415) 555-0100')).toBe('(415) 555-0100');
    expect(formatPhone(null)).toBe('');
    expect(phoneForInput('+14155550100')).toBe('4155550100');
    expect(phoneForInput('+34612345678')).toBe('+34 612 34 56 78');
    expect(phoneForInput('(415) 555-0100')).toBe('(415) 555-0100');
    expect(phoneForInput(null)).toBe('');
    expect(formatTypedPhone('+3461234', 'US')).toBe('+34 612 34');
    expect(formatTypedPhone('4155550', 'US')).toBe('(415) 555-0');
  });

  it('knows countries with their calling codes, and only those', () => {
    const countries = phoneCountries();
    expect(countries.find((c) => c.country === 'ES')).toEqual({ country: 'ES', callingCode: '34', label: 'Spain (+34)' });
    expect(countries.length).toBeGreaterThan(200);
    expect(isPhoneCountry('JP')).toBe(true);
    expect(isPhoneCountry('XX')).toBe(false);
    expect(isPhoneCountry('us')).toBe(false);
    expect(toE164('(415) 555-0100')).toBe('+14155550100');
    expect(toE164('nope')).toBeNull();
  });

  it('property: any 10 US digits, however punctuated, are +1 and those digits; formatted, they read back the same', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{10}$/), fc.constantFrom('', ' ', '-', '.', ') ('), (digits, sep) => {
        const typed = [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6)].join(sep);
        expect(parsePhone(typed)).toEqual({ ok: true, e164: `+1${digits}`, country: 'US' });
        expect(formatPhone(`+1${digits}`)).toBe(formatPhoneInput(digits));
        expect(phoneDigits(formatPhoneInput(digits))).toBe(digits);
      }),
    );
  });

  it('property: a number that parses in a country parses to the same E.164 from its displayed form', () => {
    fc.assert(
      fc.property(fc.constantFrom('ES', 'GB', 'IN', 'JP', 'FR', 'DE', 'NG'), fc.stringMatching(/^\d{6,12}$/), (country, digits) => {
        const parsed = parsePhone(digits, country);
        if (!parsed.ok) {
          expect(parsed.error).toMatch(/^Please enter a valid .+ phone number$/);
          return;
        }
        expect(parsed.e164).toMatch(/^\+[1-9]\d{6,14}$/);
        expect(parsePhone(formatPhone(parsed.e164), 'US')).toMatchObject({ ok: true, e164: parsed.e164 });
      }),
    );
  });
});
