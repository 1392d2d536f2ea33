import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ageInDays, bucketOf, computeFigures, openDebits } from './figures';
import { adjustmentFormSchema, financialSettingsFormSchema, percentSchema } from './schemas';

describe('computeFigures', () => {
  it('reads revenue with its sign and net revenue as commission + fees − promotions − platform refunds', () => {
    const { totals, byDay } = computeFigures([
      { day: '2026-11-25', code: 'driver', line: 'fare_cash', cents: 1125 },
      { day: '2026-11-25', code: 'driver', line: 'driver_earnings', cents: -700 },
      { day: '2026-11-25', code: 'commission', line: 'commission', cents: -175 },
      { day: '2026-11-25', code: 'booking_fees', line: 'booking_fee', cents: -250 },
      { day: '2026-11-26', code: 'booking_fees', line: 'cancellation_fee', cents: -100 },
      { day: '2026-11-26', code: 'rider_owed', line: 'cancellation_fee', cents: 500 },
      { day: '2026-11-26', code: 'refunds', line: 'refund', cents: 200 },
      { day: '2026-11-26', code: 'processor_clearing', line: 'refund', cents: -200 },
      { day: '2026-11-26', code: 'driver', line: 'tip', cents: -150 },
      { day: '2026-11-26', code: 'processor_clearing', line: 'tip', cents: 150 },
    ]);
    expect(totals).toMatchObject({
      gmv: 1125,
      cash: 1125,
      commission: 175,
      booking_fees: 250,
      cancellation_fees: 100,
      fees: 350,
      refunds: 200,
      platform_refunds: 200,
      tips: 150,
    });
    expect(totals.net_revenue).toBe(175 + 350 - 200);
    expect(byDay.get('2026-11-25')!.gmv).toBe(1125);
    expect(byDay.get('2026-11-26')!.net_revenue).toBe(100 - 200);
  });
});

describe('aging', () => {
  it('buckets days as collections read them', () => {
    expect([0, 1, 30, 31, 60, 61, 90, 91, 400].map(bucketOf)).toEqual([
      'current',
      'd1_30',
      'd1_30',
      'd31_60',
      'd31_60',
      'd61_90',
      'd61_90',
      'd90_plus',
      'd90_plus',
    ]);
    expect(ageInDays(new Date('2026-11-25T01:00:00Z'), new Date('2026-11-25T23:00:00Z'))).toBe(0);
    expect(ageInDays(new Date('2026-11-24T23:00:00Z'), new Date('2026-11-26T00:00:00Z'))).toBe(1);
  });

  it('opens the newest debits that add up to the balance (first in, first out)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 10_000 }), { maxLength: 20 }), fc.integer({ min: 0, max: 300_000 }), (debits, balance) => {
        const open = openDebits(
          balance,
          debits.map((cents) => ({ cents })),
        );
        const total = debits.reduce((s, d) => s + d, 0);
        expect(open.reduce((s, d) => s + d.open_cents, 0)).toBe(Math.min(balance, total));
        for (const [i, d] of open.entries()) {
          expect(d.open_cents).toBeGreaterThan(0);
          if (i < open.length - 1) expect(d.open_cents).toBe(d.cents);
        }
      }),
    );
  });
});

describe('the settings form', () => {
  it('takes percent with two decimals as basis points, and refuses more than 100 %', () => {
    expect(percentSchema.parse('25')).toBe(2500);
    expect(percentSchema.parse('12.5')).toBe(1250);
    expect(percentSchema.parse('0.01')).toBe(1);
    for (const bad of ['100.01', '101', '-1', '1.234', 'abc', '']) expect(percentSchema.safeParse(bad).success, bad).toBe(false);
  });

  it('needs a tax label with a tax rate', () => {
    const base = {
      economy: '20',
      comfort: '25',
      xl: '20',
      tax_rate: '8.25',
      tax_label: '',
      payout_weekday: '1',
      minimum_payout: '10',
      negative_balance_limit: '50',
      grace_days: '3',
      effective: 'now' as const,
      effective_at: '',
      note: '',
    };
    expect(financialSettingsFormSchema('USD').safeParse(base).success).toBe(false);
    expect(financialSettingsFormSchema('USD').parse({ ...base, tax_label: 'Sales tax' })).toMatchObject({ comfort: 2500, tax_rate: 825, minimum_payout: 1000 });
    expect(financialSettingsFormSchema('USD').parse({ ...base, tax_label: 'Sales tax', minimum_payout: '2.50' }).minimum_payout).toBe(250);
  });

  it("reads the form's amounts in the city's currency: whole yen, fils in thousandths", () => {
    const base = {
      economy: '20',
      comfort: '25',
      xl: '20',
      tax_rate: '0',
      tax_label: '',
      payout_weekday: '1',
      minimum_payout: '1050',
      negative_balance_limit: '5000',
      grace_days: '3',
      effective: 'now' as const,
      effective_at: '',
      note: '',
    };
    expect(financialSettingsFormSchema('JPY').parse(base)).toMatchObject({ minimum_payout: 1050, negative_balance_limit: 5000 });
    const refused = financialSettingsFormSchema('JPY').safeParse({ ...base, minimum_payout: '10.5' });
    expect(refused.error?.issues.map((i) => i.message)).toEqual(['Enter an amount in JPY, like 1050']);
    expect(financialSettingsFormSchema('KWD').parse({ ...base, minimum_payout: '1.234' }).minimum_payout).toBe(1234);
    expect(adjustmentFormSchema('JPY').parse({ direction: 'credit', amount: '1050', reason: 'Goodwill' }).amount).toBe(1050);
    expect(adjustmentFormSchema('JPY').safeParse({ direction: 'credit', amount: '10.5', reason: 'Goodwill' }).success).toBe(false);
    expect(adjustmentFormSchema('KWD').parse({ direction: 'debit', amount: '1.234', reason: 'Goodwill' }).amount).toBe(1234);
    expect(adjustmentFormSchema('USD').parse({ direction: 'debit', amount: '12.40', reason: 'Goodwill' }).amount).toBe(1240);
    expect(adjustmentFormSchema('USD').safeParse({ direction: 'debit', amount: '0', reason: 'Goodwill' }).error?.issues[0]?.message).toBe(
      'Enter an amount in USD from 0.01 up to 100000.00',
    );
  });
});
