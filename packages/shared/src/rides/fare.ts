/** A city's price list for one ride type, in the currency's minor unit (cents). */
export type Pricing = {
  base_cents: number;
  per_km_cents: number;
  per_min_cents: number;
  minimum_cents: number;
  booking_fee_cents: number;
};

/**
 * The upfront fare in integer cents:
 *   max(base + per_km × km + per_min × min, minimum) + booking_fee
 * The minimum floors the trip price only; the booking fee is always added on top (as Uber and Lyft show
 * it: a flat service line that a short ride does not swallow). Rounded once, at the end, half up, so
 * fractional cents from distance and time are not lost step by step.
 */
export function computeFare(pricing: Pricing, distance_m: number, duration_s: number): number {
  const km = Math.max(0, distance_m) / 1000;
  const min = Math.max(0, duration_s) / 60;
  const trip = pricing.base_cents + pricing.per_km_cents * km + pricing.per_min_cents * min;
  return Math.round(Math.max(trip, pricing.minimum_cents) + pricing.booking_fee_cents);
}
