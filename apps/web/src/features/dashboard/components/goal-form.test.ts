import { describe, expect, it } from 'vitest';
import { goalForm } from './goal-form';

describe("the daily goal reads earnings in the driver's city's currency (issue 30 §3)", () => {
  it('USD as before: dollars and cents, empty for none', () => {
    expect(goalForm('USD').parse({ earnings: '150.5', trips: '' })).toEqual({ earnings_cents: 15_050, trips: null });
    expect(goalForm('USD').parse({ earnings: '', trips: '6' })).toEqual({ earnings_cents: null, trips: 6 });
    expect(goalForm('USD').safeParse({ earnings: '150.505', trips: '' }).error?.issues[0]?.message).toBe('Write an amount in USD, like 150.50.');
    expect(goalForm('USD').safeParse({ earnings: '0.50', trips: '' }).error?.issues[0]?.message).toBe('An earnings goal in USD is from 1.00 to 10000.00.');
  });

  it('JPY takes whole yen and refuses decimals; KWD takes fils', () => {
    expect(goalForm('JPY').parse({ earnings: '1050', trips: '' }).earnings_cents).toBe(1050);
    expect(goalForm('JPY').safeParse({ earnings: '10.5', trips: '' }).success).toBe(false);
    expect(goalForm('KWD').parse({ earnings: '1.234', trips: '' }).earnings_cents).toBe(1234);
  });
});
