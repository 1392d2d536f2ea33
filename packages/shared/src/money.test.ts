import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { currencyExponent, formatMoney, isCurrency, moneyDecimal, moneyInputValue, parseMoney } from './money';

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

describe('formatting and exports', () => {
  it('formats by the currency’s exponent, never as if every currency had cents', () => {
    expect(formatMoney(1234, 'USD')).toBe('$12.34');
    expect(formatMoney(1050, 'JPY')).toBe('¥1,050');
    expect(formatMoney(1234, 'KWD')).toMatch(/1\.234/);
    expect(formatMoney(-250, 'EUR', 'es')).toMatch(/^-2,50\s€$/);
    expect(formatMoney(1234, 'XYZ')).toMatch(/^XYZ\s12\.34$/);
  });

  it('writes exports as exact decimals, negative amounts included', () => {
    expect([moneyDecimal(-5, 'USD'), moneyDecimal(-1234, 'USD'), moneyDecimal(1050, 'JPY'), moneyDecimal(-1, 'KWD'), moneyDecimal(0, 'EUR')]).toEqual([
      '-0.05',
      '-12.34',
      '1050',
      '-0.001',
      '0.00',
    ]);
    fc.assert(
      fc.property(fc.integer({ min: -999_999_999, max: 999_999_999 }), fc.constantFrom('EUR', 'JPY', 'KWD'), (minor, currency) => {
        const exponent = currencyExponent(currency);
        // The decimal text times 10^exponent is the integer, exactly (compared as digits, not floats).
        const [whole, frac = ''] = moneyDecimal(minor, currency).replace('-', '').split('.');
        expect(BigInt(whole! + frac) * (minor < 0 ? -1n : 1n)).toBe(BigInt(minor));
        expect(frac.length).toBe(exponent);
      }),
    );
  });

  it('accepts only ISO 4217 currency codes', () => {
    expect(['USD', 'EUR', 'JPY', 'KWD', 'INR'].every(isCurrency)).toBe(true);
    expect(['usd', 'XX', 'ABC', 'DOLLARS', ''].some(isCurrency)).toBe(false);
  });
});
