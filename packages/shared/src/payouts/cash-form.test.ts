import { describe, expect, it } from 'vitest';
import { cashReceivedFormSchema } from './schemas';

const typed = (amount: string) => ({ amount, reference: 'R-1' });
const messages = (currency: string, amount: string) =>
  cashReceivedFormSchema(currency)
    .safeParse(typed(amount))
    .error?.issues.map((i) => i.message);

describe("the cash-received form reads the amount in the driver's city's currency (issue 30 §3)", () => {
  it('USD as before: dollars and cents, more than zero', () => {
    expect(cashReceivedFormSchema('USD').parse(typed('12.4')).amount).toBe(1240);
    expect(messages('USD', '0.00')).toEqual(['Amount must be more than zero']);
    expect(messages('USD', '12.405')).toEqual(['Amount: an amount in USD, like 12.40']);
  });

  it('JPY takes whole yen and refuses decimals; KWD takes fils', () => {
    expect(cashReceivedFormSchema('JPY').parse(typed('1050')).amount).toBe(1050);
    expect(messages('JPY', '10.5')).toEqual(['Amount: an amount in JPY, like 1240']);
    expect(cashReceivedFormSchema('KWD').parse(typed('1.234')).amount).toBe(1234);
  });
});
