/** A city's price list for one ride type, in the currency's minor unit (cents). */
export type Pricing = {
  base_cents: number;
  per_km_cents: number;
  per_min_cents: number;
  minimum_cents: number;
  booking_fee_cents: number;
};

/** What multiplies the trip price (base + distance + time) — never the booking fee. Both default to 1. */
export type FareMultipliers = {
  /** The policy's time-of-day window (e.g. night × 1.2) when the trip starts inside it, else 1. */
  time?: number;
  /** Demand/supply surge for the pickup's zone (issue 12, surge pricing), else 1. */
  surge?: number;
};

/**
 * A fare, itemised. Every `_cents` line is an integer and they add up to `total_cents` exactly:
 * base + distance + time + multiplier + minimum adjustment + booking fee = total.
 */
export type FareBreakdown = {
  base_cents: number;
  distance_cents: number;
  time_cents: number;
  time_multiplier: number;
  surge_multiplier: number;
  /** What the multipliers added to (or, never below 1, took from) the trip price; 0 at × 1. */
  multiplier_cents: number;
  /** What the minimum fare added to the multiplied trip price; 0 when the trip price is above it. */
  minimum_adjustment_cents: number;
  booking_fee_cents: number;
  total_cents: number;
};

/** Half up, once; a hair of slack so 1.1 × 1005 (= 1105.4999999999998 in binary) still rounds to 1106. */
const roundHalfUp = (x: number) => Math.floor(x + 0.5 + 1e-9);

/**
 * The upfront fare in integer cents, itemised:
 *   max((base + per_km × km + per_min × min) × time × surge, minimum) + booking_fee
 * The multipliers apply to the trip price only; the minimum floors the multiplied trip price; the booking
 * fee is always added on top, never multiplied (as Uber and Lyft show it: a flat service line that a short
 * ride does not swallow and surge does not inflate). The total is the exact amount rounded once, half up.
 * The lines are differences of the rounded running sums, so each is within a cent of its exact value and
 * together they add up to the total exactly (no "rounding" line needed).
 */
export function fareBreakdown(pricing: Pricing, distance_m: number, duration_s: number, multipliers: FareMultipliers = {}): FareBreakdown {
  const km = Math.max(0, distance_m) / 1000;
  const min = Math.max(0, duration_s) / 60;
  const time = multipliers.time ?? 1;
  const surge = multipliers.surge ?? 1;
  const distanceExact = pricing.per_km_cents * km;
  const trip = pricing.base_cents + distanceExact + pricing.per_min_cents * min;
  const multiplied = trip * time * surge;
  const floored = Math.max(multiplied, pricing.minimum_cents);

  const c0 = pricing.base_cents;
  const c1 = roundHalfUp(pricing.base_cents + distanceExact);
  const c2 = roundHalfUp(trip);
  const c3 = roundHalfUp(multiplied);
  const c4 = roundHalfUp(floored);
  return {
    base_cents: c0,
    distance_cents: c1 - c0,
    time_cents: c2 - c1,
    time_multiplier: time,
    surge_multiplier: surge,
    multiplier_cents: c3 - c2,
    minimum_adjustment_cents: c4 - c3,
    booking_fee_cents: pricing.booking_fee_cents,
    total_cents: c4 + pricing.booking_fee_cents,
  };
}

/** The upfront fare in integer cents (see `fareBreakdown`). */
export function computeFare(pricing: Pricing, distance_m: number, duration_s: number, multipliers: FareMultipliers = {}): number {
  return fareBreakdown(pricing, distance_m, duration_s, multipliers).total_cents;
}
