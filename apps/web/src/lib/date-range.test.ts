import { describe, expect, it } from 'vitest';
import { lastDays, rangeFromParams } from './date-range';

describe('date ranges', () => {
  it('counts today as the last of the last N days, across a month boundary', () => {
    expect(lastDays(7, new Date(2026, 2, 3, 15))).toEqual({ from: '2026-02-25', to: '2026-03-03' });
    expect(lastDays(1, new Date(2026, 10, 22, 1))).toEqual({ from: '2026-11-22', to: '2026-11-22' });
  });

  it('takes the range from the address, and the default for a missing or malformed day', () => {
    expect(rangeFromParams(new URLSearchParams('from=2026-01-02&to=2026-01-09'), 30)).toEqual({ from: '2026-01-02', to: '2026-01-09' });
    const fallback = lastDays(30);
    expect(rangeFromParams(new URLSearchParams('from=yesterday&to=2026-01-09'), 30)).toEqual({ from: fallback.from, to: '2026-01-09' });
    expect(rangeFromParams(new URLSearchParams(''), 30)).toEqual(fallback);
  });
});
