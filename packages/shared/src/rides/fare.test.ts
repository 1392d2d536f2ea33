import { describe, expect, it } from 'vitest';
import { computeFare, type Pricing } from './fare';

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
