import { describe, expect, it } from 'vitest';
import { computeFare, fareBreakdown, type Pricing } from './fare';

const economy: Pricing = { base_cents: 250, per_km_cents: 110, per_min_cents: 30, minimum_cents: 800, booking_fee_cents: 250 };

describe('computeFare', () => {
  it('adds base, distance and time, then the booking fee', () => {
    // 250 + 110 × 10 + 30 × 20 = 1950; + 250 = 2200
    expect(computeFare(economy, 10_000, 1_200)).toBe(2200);
  });

  it('floors the trip price at the minimum and still adds the booking fee', () => {
    // 250 + 110 × 1 + 30 × 3 = 450 → 800; + 250 = 1050
    expect(computeFare(economy, 1_000, 180)).toBe(1050);
    expect(computeFare(economy, 0, 0)).toBe(1050);
  });

  it('rounds fractional cents once, at the end', () => {
    // 250 + 110 × 7.3456 + 30 × (1000 / 60) = 250 + 808.016 + 500 = 1558.016; + 250 = 1808.016 → 1808
    expect(computeFare(economy, 7_345.6, 1_000)).toBe(1808);
    // 250 + 110 × 5.0045 + 30 × 10 = 1100.495; + 250 → 1350.495 → 1350
    expect(computeFare(economy, 5_004.5, 600)).toBe(1350);
    // 250 + 110 × 5.005 + 300 = 1100.55 + 250 → 1351
    expect(computeFare(economy, 5_005, 600)).toBe(1351);
  });

  it('treats negative inputs as zero', () => {
    expect(computeFare(economy, -5, -5)).toBe(1050);
  });
});

/** A small seeded generator (mulberry32): the property runs are the same on every machine, every run. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('fareBreakdown', () => {
  it('multiplies base + distance + time, never the booking fee; the minimum floors the multiplied trip price', () => {
    // trip = 250 + 1100 + 600 = 1950; × 1.2 = 2340; + 250 = 2590
    const b = fareBreakdown(economy, 10_000, 1_200, { time: 1.2 });
    expect(b).toEqual({
      base_cents: 250,
      distance_cents: 1100,
      time_cents: 600,
      time_multiplier: 1.2,
      surge_multiplier: 1,
      multiplier_cents: 390,
      minimum_adjustment_cents: 0,
      booking_fee_cents: 250,
      total_cents: 2590,
    });
    // Time × surge: 1950 × 1.2 × 1.5 = 3510; + 250
    expect(computeFare(economy, 10_000, 1_200, { time: 1.2, surge: 1.5 })).toBe(3760);
    // A short ride: 450 × 1.2 = 540 → the minimum (800) applies to the multiplied price: + 260.
    const short = fareBreakdown(economy, 1_000, 180, { time: 1.2 });
    expect(short.multiplier_cents).toBe(90);
    expect(short.minimum_adjustment_cents).toBe(260);
    expect(short.total_cents).toBe(1050);
  });

  it('rounds once, half up: 1.1 × 1005 is 1105.5 → 1106, not 1105', () => {
    const p: Pricing = { base_cents: 1005, per_km_cents: 0, per_min_cents: 0, minimum_cents: 0, booking_fee_cents: 0 };
    expect(computeFare(p, 0, 0, { surge: 1.1 })).toBe(1106);
  });

  it('properties over 2,000 seeded random trips: integer total ≥ booking fee + minimum, lines add up, monotone in distance and duration, booking fee never multiplied', () => {
    const rand = seeded(12);
    const int = (max: number) => Math.floor(rand() * (max + 1));
    for (let i = 0; i < 2_000; i++) {
      const p: Pricing = { base_cents: int(2000), per_km_cents: int(500), per_min_cents: int(200), minimum_cents: int(5000), booking_fee_cents: int(1000) };
      const time = 1 + int(200) / 100;
      const surge = 1 + int(100) / 10;
      const d = rand() * 60_000;
      const t = rand() * 7_200;
      const b = fareBreakdown(p, d, t, { time, surge });
      expect(Number.isInteger(b.total_cents)).toBe(true);
      expect(b.total_cents).toBeGreaterThanOrEqual(p.booking_fee_cents + p.minimum_cents);
      const lines = [b.base_cents, b.distance_cents, b.time_cents, b.multiplier_cents, b.minimum_adjustment_cents, b.booking_fee_cents];
      expect(lines.every(Number.isInteger)).toBe(true);
      expect(lines.reduce((a, x) => a + x, 0)).toBe(b.total_cents);
      expect(b.booking_fee_cents).toBe(p.booking_fee_cents);
      // The booking fee is outside the multiplied part: raising it by k raises the total by exactly k.
      expect(computeFare({ ...p, booking_fee_cents: p.booking_fee_cents + 100 }, d, t, { time, surge })).toBe(b.total_cents + 100);
      // Monotone: a longer or slower trip never costs less.
      expect(computeFare(p, d + rand() * 5_000, t, { time, surge })).toBeGreaterThanOrEqual(b.total_cents);
      expect(computeFare(p, d, t + rand() * 600, { time, surge })).toBeGreaterThanOrEqual(b.total_cents);
      // At × 1 it is the fare of decision 0009.
      expect(computeFare(p, d, t)).toBe(
        Math.floor(Math.max(p.base_cents + (p.per_km_cents * d) / 1000 + (p.per_min_cents * t) / 60, p.minimum_cents) + p.booking_fee_cents + 0.5 + 1e-9),
      );
    }
  });
});
