import { describe, expect, it } from 'vitest';
import { analyticsCsv } from './analytics-csv';

describe('analytics CSV and ranges', () => {
  it('writes one header and one CRLF line per day, fares in a column per currency (never added together)', () => {
    const day = (d: string, completed: number, fares: Record<string, number>) => ({
      day: d,
      requested: completed + 1,
      completed,
      cancelled_by_rider: 1,
      cancelled_by_driver: 0,
      cancelled_by_operator: 0,
      no_driver: 0,
      active: 0,
      fares,
    });
    const csv = analyticsCsv({ currencies: ['USD', 'EUR'], days: [day('2025-03-10', 2, { USD: 200, EUR: 150 }), day('2025-03-11', 0, {})] });
    expect(csv).toBe(
      'day,requested,completed,cancelled_by_rider,cancelled_by_driver,cancelled_by_operator,no_driver,active,fares_USD,fares_EUR\r\n' +
        '2025-03-10,3,2,1,0,0,0,0,200,150\r\n2025-03-11,1,0,1,0,0,0,0,0,0\r\n',
    );
  });
});
