import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { currencyExponent, moneyInputValue, parseMoney } from './money';

describe('money by the currency’s minor units', () => {
  it('knows the exponent of two-, zero- and three-decimal currencies', () => {
    expect([currencyExponent('EUR'), currencyExponent('USD'), currencyExponent('JPY'), currencyExponent('KWD')]).toEqual([2, 2, 0, 3]);
  });

  it('reads what a person types, exactly, and refuses what is not an amount', () => {
    expect(parseMoney('12.4', 'EUR')).toBe(1240);
    expect(parseMoney(' 0.05 ', 'USD')).toBe(5);
    expect(parseMoney('500', 'JPY')).toBe(500);
    expect(parseMoney('1.234', 'KWD')).toBe(1234);
    expect(parseMoney('', 'EUR')).toBeUndefined();
    for (const bad of ['12.345', '-1', '1e3', 'abc', '12,40']) expect(parseMoney(bad, 'EUR')).toBeNaN();
    expect(parseMoney('5.5', 'JPY')).toBeNaN();
  });

  it('what a form shows reads back as the same minor units, in every exponent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999 }), fc.constantFrom('EUR', 'JPY', 'KWD', 'INR'), (minor, currency) => {
        expect(parseMoney(moneyInputValue(minor, currency), currency)).toBe(minor);
      }),
    );
  });
});
