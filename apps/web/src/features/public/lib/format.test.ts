import { describe, expect, it } from 'vitest';
import { areasForMap, cancellationWords, formulaWords } from './format';

const economy = {
  base_cents: 250,
  per_km_cents: 110,
  per_min_cents: 30,
  minimum_cents: 800,
  booking_fee_cents: 250,
  night: null,
  version: 1,
  effective_from: '1970-01-01T00:00:00.000Z',
};

describe('public pricing words', () => {
  it('says a formula with its numbers', () => {
    expect(formulaWords(economy, 'USD')).toBe('$2.50 base + $1.10/km + $0.30/min, minimum $8.00, plus a $2.50 booking fee');
    expect(formulaWords({ ...economy, booking_fee_cents: 0 }, 'USD')).toBe('$2.50 base + $1.10/km + $0.30/min, minimum $8.00');
  });

  it('says a cancellation rule: fixed, percent, and free', () => {
    const base = {
      free_window_s: 120,
      fee_kind: 'fixed' as const,
      fee_fixed_cents: 500,
      fee_percent_bp: 0,
      fee_min_cents: 0,
      fee_max_cents: 0,
      no_show_wait_s: 300,
      no_show_fee_cents: 500,
      late_driver_margin_s: 300,
    };
    expect(cancellationWords(base, 'USD')).toEqual([
      'Free cancellation for 2 min after a driver accepts.',
      'After that, cancelling costs $5.00.',
      "If you don't come to the pickup, your driver can cancel after waiting 5 min, and a $5.00 no-show fee is charged.",
      'No fee if your driver arrives more than 5 min later than promised, or if the driver cancels.',
    ]);
    expect(cancellationWords({ ...base, fee_kind: 'percent', fee_percent_bp: 1500, fee_min_cents: 300, fee_max_cents: 900 }, 'USD')[1]).toBe(
      'After that, cancelling costs 15% of the fare (at least $3.00, at most $9.00).',
    );
    expect(cancellationWords({ ...base, fee_fixed_cents: 0, no_show_fee_cents: 0 }, 'USD')).toEqual([
      'Cancelling is always free.',
      "If you don't come to the pickup, your driver can cancel after waiting 5 min; there is no fee.",
    ]);
  });

  it('turns GeoJSON [lng, lat] into map rings of [lat, lng], holes kept', () => {
    const areas = areasForMap(
      {
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            id: 'a',
            properties: { name: 'City' },
            geometry: {
              type: 'Polygon',
              coordinates: [
                [
                  [0, 1],
                  [2, 1],
                  [2, 3],
                  [0, 1],
                ],
                [
                  [0.5, 1.5],
                  [1, 1.5],
                  [1, 2],
                  [0.5, 1.5],
                ],
              ],
            },
          },
        ],
      },
      '#000',
    );
    expect(areas).toHaveLength(1);
    expect(areas[0]!.boundary[1]).toEqual([1, 2]);
    expect(areas[0]!.holes).toHaveLength(1);
  });
});
