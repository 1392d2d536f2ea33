import { describe, expect, it } from 'vitest';
import { computeFare } from '../rides/fare';
import { type CancellationPolicy, driverWasLate, feeBaseCents, lateCancelFeeCents, noShowFee, riderCancelFee } from './fees';

const policy: CancellationPolicy = {
  free_window_s: 120,
  fee_kind: 'fixed',
  fee_fixed_cents: 500,
  fee_percent_bp: 1000,
  fee_min_cents: 300,
  fee_max_cents: 1000,
  no_show_wait_s: 300,
  no_show_fee_cents: 500,
  late_driver_margin_s: 300,
  driver_share_late_cancel_pct: 80,
  driver_share_no_show_pct: 100,
};
const t0 = Date.UTC(2026, 0, 1, 12);
const at = (s: number) => new Date(t0 + s * 1000);

describe('cancellation fees', () => {
  it('percent fees round half up to the cent and stay within min and max', () => {
    const percent = { ...policy, fee_kind: 'percent' as const };
    expect(lateCancelFeeCents(percent, 4_005)).toBe(401); // 400.5 → 401
    expect(lateCancelFeeCents(percent, 1_000)).toBe(300); // 100 → the minimum
    expect(lateCancelFeeCents(percent, 50_000)).toBe(1_000); // 5000 → the maximum
    expect(lateCancelFeeCents(policy, 50_000)).toBe(500);
  });

  it('is free before acceptance and inside the window, charged after it, waived when the driver is late', () => {
    const ride = { status: 'accepted', fare_cents: 2000, accepted_at: at(0), arrived_at: null, pickup_eta_at: at(240) };
    expect(riderCancelFee(policy, { ...ride, accepted_at: null }, t0 + 10_000_000)).toBeNull();
    expect(riderCancelFee(policy, ride, t0 + 120_000)).toBeNull();
    expect(riderCancelFee(policy, ride, t0 + 121_000)).toEqual({
      amount_cents: 500,
      reason: 'late_cancel',
      waived: false,
      waive_reason: null,
      driver_share_cents: 400,
    });
    // Not arrived, and past the ETA (240 s) + margin (300 s).
    expect(riderCancelFee(policy, ride, t0 + 541_000)).toMatchObject({ waived: true, waive_reason: 'driver_late', driver_share_cents: 0 });
    // Arrived on time: never late afterwards.
    expect(driverWasLate(policy, { ...ride, arrived_at: at(500) }, t0 + 10_000_000)).toBe(false);
    expect(driverWasLate(policy, { ...ride, arrived_at: at(541) }, t0 + 10_000_000)).toBe(true);
  });

  it('charges the no-show fee with the driver share', () => {
    const ride = { status: 'arrived', fare_cents: 2000, accepted_at: at(0), arrived_at: at(100), pickup_eta_at: at(240) };
    expect(noShowFee(policy, ride, t0 + 400_000)).toEqual({ amount_cents: 500, reason: 'no_show', waived: false, waive_reason: null, driver_share_cents: 500 });
    expect(noShowFee({ ...policy, no_show_fee_cents: 0 }, ride, t0 + 400_000)).toBeNull();
  });

  it('takes a percentage fee of the fare without surge: surge never reaches cancellation fees', () => {
    const rates = { base_cents: 250, per_km_cents: 110, per_min_cents: 30, minimum_cents: 800, booking_fee_cents: 250 };
    const trip = { distance_m: 6_000, duration_s: 900 };
    const calm = computeFare(rates, trip.distance_m, trip.duration_s);
    const surged = Math.round((calm - 250) * 1.8) + 250;
    const ride = { fare_cents: surged, ...trip, pricing: { ...rates, surge_multiplier: 1.8, time_multiplier: 1 } };
    expect(feeBaseCents(ride)).toBe(calm);
    expect(feeBaseCents({ ...ride, pricing: { ...rates, surge_multiplier: 1, time_multiplier: 1 } })).toBe(surged);
    expect(feeBaseCents({ fare_cents: 1234 })).toBe(1234);
    const percent = { ...policy, fee_kind: 'percent' as const, fee_max_cents: 100_000 };
    const late = { status: 'accepted', accepted_at: at(0), arrived_at: null, pickup_eta_at: at(600), ...ride };
    expect(riderCancelFee(percent, late, at(200).getTime())!.amount_cents).toBe(Math.max(300, Math.round(calm / 10)));
  });
});
