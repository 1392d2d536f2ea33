import { describe, expect, it } from 'vitest';
import { blankForm, promotionFormSchema } from './promotion-form-state';

const schema = promotionFormSchema((city) => ({ tokyo: 'JPY', kuwait: 'KWD' })[city] ?? 'USD');
const amountOff = (city_id: string, value: string) => ({ ...blankForm(), city_id, code: 'SPRING', kind: 'amount' as const, value, budget_cents: value });

describe("the promotion form reads amounts in the chosen city's currency (issue 30 §3)", () => {
  it('USD as before: dollars and cents, an empty budget none', () => {
    expect(schema.parse(amountOff('sf', '2.50'))).toMatchObject({ value: 250, budget_cents: 250, min_fare_cents: 0 });
    expect(schema.parse({ ...amountOff('sf', '2.50'), budget_cents: '' }).budget_cents).toBeNull();
    expect(schema.safeParse(amountOff('sf', '2.505')).error?.issues[0]?.message).toBe('Enter an amount in USD, like 2.50');
  });

  it('JPY takes whole yen and refuses decimals; KWD takes fils', () => {
    expect(schema.parse(amountOff('tokyo', '1050'))).toMatchObject({ value: 1050, budget_cents: 1050 });
    const refused = schema.safeParse(amountOff('tokyo', '10.5'));
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['value', 'Enter an amount in JPY, like 250'],
      ['budget_cents', 'Enter an amount in JPY, like 250'],
    ]);
    expect(schema.parse(amountOff('kuwait', '1.234'))).toMatchObject({ value: 1234, budget_cents: 1234 });
  });
});
