import { fareBreakdown, type Pricing } from '../rides/fare';
/**
 * The cancellation rules as pure arithmetic (decision 0033), shared by the server's cancel verb, the ride
 * view's terms and the tests. Times are milliseconds since the epoch; money is integer minor units.
 */
export type CancellationPolicy = {
  free_window_s: number;
  fee_kind: 'fixed' | 'percent';
  fee_fixed_cents: number;
  /** Basis points of the fare: 1000 = 10 %. */
  fee_percent_bp: number;
  fee_min_cents: number;
  fee_max_cents: number;
  no_show_wait_s: number;
  no_show_fee_cents: number;
  late_driver_margin_s: number;
  driver_share_late_cancel_pct: number;
  driver_share_no_show_pct: number;
};

export type FeeReason = 'late_cancel' | 'no_show';
export type WaiveReason = 'driver_late';

/**
 * A rider's late-cancel fee: fixed, or `fee_percent_bp` basis points of the fare rounded half up to the
 * cent (Math.round on a non-negative number), then clamped to [min, max].
 */
export function lateCancelFeeCents(policy: CancellationPolicy, fareCents: number): number {
  if (policy.fee_kind === 'fixed') return policy.fee_fixed_cents;
  const share = Math.round((fareCents * policy.fee_percent_bp) / 10_000);
  return Math.min(Math.max(share, policy.fee_min_cents), policy.fee_max_cents);
}

/**
 * The fare a percentage fee is taken of: the ride's fare without surge (issue 12: surge never reaches
 * cancellation fees). Recomputed from the ride's price snapshot at 1.0×; the fare itself when the ride did
 * not surge or has no snapshot to recompute from.
 */
export function feeBaseCents(ride: Pick<RideTimes, 'fare_cents' | 'pricing' | 'distance_m' | 'duration_s'>): number {
  const p = ride.pricing as (Pricing & { surge_multiplier?: number; time_multiplier?: number }) | null | undefined;
  if (!p || p.surge_multiplier === undefined || p.surge_multiplier === 1 || ride.distance_m == null || ride.duration_s == null) return ride.fare_cents;
  return fareBreakdown(p, ride.distance_m, ride.duration_s, { time: p.time_multiplier ?? 1, surge: 1 }).total_cents;
}

/** The driver's part of a fee, in whole cents, rounded half up: `pct` percent of `feeCents`. */
export const driverShareCents = (feeCents: number, pct: number) => Math.round((feeCents * pct) / 100);

/** What of a ride the rules read: its status and the timestamps the server stored. */
export type RideTimes = {
  status: string;
  fare_cents: number;
  /** The price snapshot (rates and multipliers) and the trip, to take surge back out of a percentage fee. */
  pricing?: unknown;
  distance_m?: number;
  duration_s?: number;
  accepted_at: Date | string | null;
  arrived_at: Date | string | null;
  /** The pickup ETA promised at acceptance. */
  pickup_eta_at: Date | string | null;
};

const ms = (t: Date | string | null) => (t === null ? null : new Date(t).getTime());

/** The moment after which the driver counts as late (the ETA at acceptance + the margin); null without an ETA. */
export function lateAfter(policy: CancellationPolicy, ride: RideTimes): number | null {
  const eta = ms(ride.pickup_eta_at);
  return eta === null ? null : eta + policy.late_driver_margin_s * 1000;
}

/** Was the driver late at `now`: arrived after the promise + margin, or not arrived and past it. */
export function driverWasLate(policy: CancellationPolicy, ride: RideTimes, now: number): boolean {
  const late = lateAfter(policy, ride);
  if (late === null) return false;
  const arrived = ms(ride.arrived_at);
  return (arrived ?? now) > late;
}

/** The end of the free window: acceptance + the window; null before any driver accepted (always free then). */
export function freeCancelUntil(policy: CancellationPolicy, ride: RideTimes): number | null {
  const accepted = ms(ride.accepted_at);
  return accepted === null ? null : accepted + policy.free_window_s * 1000;
}

/** When the driver may report a no-show: Arrived + the wait; null before Arrived. */
export function noShowAt(policy: CancellationPolicy, ride: RideTimes): number | null {
  const arrived = ms(ride.arrived_at);
  return arrived === null ? null : arrived + policy.no_show_wait_s * 1000;
}

export type FeeDecision = {
  amount_cents: number;
  reason: FeeReason;
  waived: boolean;
  waive_reason: WaiveReason | null;
  /** 0 when waived. */
  driver_share_cents: number;
};

/**
 * The fee of a rider's cancel at `now`, or null when it is free (no driver accepted yet, or inside the
 * window). A fee past the window is still recorded when waived (the driver was late), with the reason.
 */
export function riderCancelFee(policy: CancellationPolicy, ride: RideTimes, now: number): FeeDecision | null {
  const until = freeCancelUntil(policy, ride);
  if (until === null || now <= until) return null;
  const amount = lateCancelFeeCents(policy, feeBaseCents(ride));
  if (amount <= 0) return null;
  return decide(amount, 'late_cancel', policy.driver_share_late_cancel_pct, driverWasLate(policy, ride, now));
}

/** The no-show fee of a driver's "Rider didn't show up" (already checked to be allowed), or null when there is none. */
export function noShowFee(policy: CancellationPolicy, ride: RideTimes, now: number): FeeDecision | null {
  if (policy.no_show_fee_cents <= 0) return null;
  return decide(policy.no_show_fee_cents, 'no_show', policy.driver_share_no_show_pct, driverWasLate(policy, ride, now));
}

function decide(amount: number, reason: FeeReason, sharePct: number, late: boolean): FeeDecision {
  return late
    ? { amount_cents: amount, reason, waived: true, waive_reason: 'driver_late', driver_share_cents: 0 }
    : { amount_cents: amount, reason, waived: false, waive_reason: null, driver_share_cents: driverShareCents(amount, sharePct) };
}
