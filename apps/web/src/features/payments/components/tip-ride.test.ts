import { describe, expect, it } from 'vitest';
import { tipForm } from './tip-ride';

describe("a tip typed by the rider is read in the ride's currency (issue 30 §3)", () => {
  it('USD as before: dollars and cents; a preset is a percent', () => {
    expect(tipForm('USD').parse({ choice: 'custom', custom: '3.5' })).toEqual({ amount_cents: 350 });
    expect(tipForm('USD').parse({ choice: '15', custom: '' })).toEqual({ percent: 15 });
    expect(tipForm('USD').safeParse({ choice: 'custom', custom: '3.505' }).success).toBe(false);
  });

  it('JPY takes whole yen and refuses decimals; KWD takes fils', () => {
    expect(tipForm('JPY').parse({ choice: 'custom', custom: '1050' })).toEqual({ amount_cents: 1050 });
    expect(tipForm('JPY').safeParse({ choice: 'custom', custom: '10.5' }).success).toBe(false);
    expect(tipForm('KWD').parse({ choice: 'custom', custom: '1.234' })).toEqual({ amount_cents: 1234 });
  });
});
