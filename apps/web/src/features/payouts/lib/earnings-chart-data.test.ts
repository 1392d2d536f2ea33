import { describe, expect, it } from 'vitest';
import { hasEarningsToChart } from './earnings-chart-data';

describe('hasEarningsToChart', () => {
  it('is false for no days and for days that are all zero (the empty state, not a $0.00–$0.04 axis)', () => {
    expect(hasEarningsToChart([])).toBe(false);
    expect(hasEarningsToChart(Array.from({ length: 7 }, () => ({ net_cents: 0, cash_collected_cents: 0 })))).toBe(false);
  });
  it('is true as soon as one day earned or collected anything, either sign', () => {
    expect(
      hasEarningsToChart([
        { net_cents: 0, cash_collected_cents: 0 },
        { net_cents: 1250, cash_collected_cents: 0 },
      ]),
    ).toBe(true);
    expect(hasEarningsToChart([{ net_cents: 0, cash_collected_cents: 900 }])).toBe(true);
    expect(hasEarningsToChart([{ net_cents: -300, cash_collected_cents: 0 }])).toBe(true);
  });
});
