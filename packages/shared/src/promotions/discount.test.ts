import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { promoOutcome, type PromoRideFacts, type PromotionRules } from './discount';

const NOW = new Date('2026-06-01T12:00:00Z');
const TYPES = ['economy', 'comfort', 'xl'] as const;
const ZONES = ['z1', 'z2', 'z3'] as const;

/** Mostly `usual`, sometimes one of `others`: enough codes that take the ride for the properties to bite. */
const mostly = <T>(usual: T, ...others: T[]) => fc.oneof({ arbitrary: fc.constant(usual), weight: 4 }, fc.constantFrom(...others));

const promotion: fc.Arbitrary<PromotionRules> = fc.record({
  city_id: mostly('sf', 'oak'),
  kind: fc.constantFrom('percent' as const, 'amount' as const),
  value: fc.integer({ min: 1, max: 5000 }),
  max_discount_cents: fc.option(fc.integer({ min: 1, max: 3000 })),
  min_fare_cents: fc.integer({ min: 0, max: 4000 }),
  ride_types: fc.oneof(fc.constant([]), fc.subarray([...TYPES])),
  zone_ids: fc.oneof(fc.constant([]), fc.subarray([...ZONES])),
  valid_from: mostly(new Date('2026-01-01T00:00:00Z'), new Date('2026-07-01T00:00:00Z')),
  valid_to: mostly<Date | null>(null, new Date('2026-05-01T00:00:00Z'), new Date('2026-12-01T00:00:00Z')),
  budget_cents: fc.option(fc.integer({ min: 1, max: 20_000 })),
  max_redemptions: fc.option(fc.integer({ min: 1, max: 20 })),
  per_rider_limit: fc.integer({ min: 1, max: 3 }),
  first_ride_only: fc.boolean(),
  status: mostly<PromotionRules['status']>('active', 'draft', 'paused'),
  redemptions_held: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 25 })),
  committed_cents: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 25_000 })),
});

const facts: fc.Arbitrary<PromoRideFacts> = fc.record({
  now: fc.constant(NOW),
  city_id: mostly('sf', 'oak'),
  zone_id: fc.constantFrom(null, ...ZONES),
  ride_type: fc.constantFrom(...TYPES),
  fare_cents: fc.integer({ min: 0, max: 20_000 }),
  business: mostly(false, true),
  rider_uses: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 4 })),
  rider_has_completed_ride: mostly(false, true),
});

/**
 * `promoOutcome` is the one rule of a code for a ride (issue 27): the request, the reservation and the backtest
 * all decide with it. Whatever the promotion and the ride, a discount it grants obeys every rule, and a business
 * ride never gets one.
 */
describe('promoOutcome, the one rule of a promo code for a ride', () => {
  it('a business ride never takes a code; a discount granted obeys every rule of the promotion', () => {
    let granted = 0;
    fc.assert(
      fc.property(fc.option(promotion, { nil: undefined }), facts, (p, ride) => {
        const outcome = promoOutcome(p, ride);
        if (ride.business || !p) {
          expect(outcome).toEqual({ refusal: ride.business ? 'business' : 'unknown' });
          return;
        }
        if ('refusal' in outcome) return;
        granted++;
        const d = outcome.discount_cents;
        expect(d).toBeGreaterThan(0);
        expect(d).toBeLessThanOrEqual(ride.fare_cents);
        if (p.max_discount_cents !== null) expect(d).toBeLessThanOrEqual(p.max_discount_cents);
        expect(p.status).toBe('active');
        expect(ride.city_id).toBe(p.city_id);
        expect(NOW >= new Date(p.valid_from) && (p.valid_to === null || NOW < new Date(p.valid_to))).toBe(true);
        expect(ride.fare_cents).toBeGreaterThanOrEqual(p.min_fare_cents);
        if (p.ride_types.length) expect(p.ride_types).toContain(ride.ride_type);
        if (p.zone_ids.length) expect(p.zone_ids).toContain(ride.zone_id);
        expect(ride.rider_uses).toBeLessThan(p.per_rider_limit);
        if (p.first_ride_only) expect(ride.rider_has_completed_ride).toBe(false);
        if (p.budget_cents !== null) expect(p.committed_cents + d).toBeLessThanOrEqual(p.budget_cents);
        if (p.max_redemptions !== null) expect(p.redemptions_held).toBeLessThan(p.max_redemptions);
      }),
      { numRuns: 3000 },
    );
    // Not vacuous: many of the generated codes took their ride.
    expect(granted).toBeGreaterThan(50);
  });

  it('replayed over any rides with the counters moving, it never passes the budget, the maximum or the per-rider limit', () => {
    fc.assert(
      fc.property(promotion, fc.array(fc.tuple(facts, fc.integer({ min: 0, max: 3 })), { maxLength: 40 }), (rules, rides) => {
        const p = { ...rules, status: 'active' as const, valid_from: new Date(0), valid_to: null, redemptions_held: 0, committed_cents: 0 };
        const uses = new Map<number, number>();
        for (const [ride, rider] of rides) {
          const outcome = promoOutcome(p, { ...ride, rider_uses: uses.get(rider) ?? 0 });
          if ('refusal' in outcome) continue;
          p.redemptions_held++;
          p.committed_cents += outcome.discount_cents;
          uses.set(rider, (uses.get(rider) ?? 0) + 1);
        }
        if (p.budget_cents !== null) expect(p.committed_cents).toBeLessThanOrEqual(p.budget_cents);
        if (p.max_redemptions !== null) expect(p.redemptions_held).toBeLessThanOrEqual(p.max_redemptions);
        for (const n of uses.values()) expect(n).toBeLessThanOrEqual(p.per_rider_limit);
      }),
      { numRuns: 500 },
    );
  });
});
