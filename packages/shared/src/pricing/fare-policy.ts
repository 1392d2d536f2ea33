import type { Pricing } from '../rides/fare';
import { wallClock } from '../time';

/**
 * Fare policies (issue 12, decision 0032): per city, per zone scope (the city default, or a pricing zone of
 * the pickup), per ride type, versioned with an effective date. Pure rules shared by the server (pricing)
 * and the web (/pricing-settings: the form, the diff, the night window's words).
 */

/** An optional time-of-day multiplier: `start`–`end` as minutes of the day in the city's local time; may wrap midnight. */
export type TimeWindow = { multiplier: number; start_min: number; end_min: number };

/** The rates of one policy version: the fare's inputs and the seats of the ride type. */
export type FarePolicyRates = Pricing & { seats: number; night: TimeWindow | null };

export const MULTIPLIER_MIN = 1;
export const MULTIPLIER_MAX = 3;
export const MINUTES_PER_DAY = 24 * 60;

const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** 'HH:MM' (24 h) → minutes of the day; null when malformed. */
export function parseTimeOfDay(value: string): number | null {
  const m = HH_MM.exec(value);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** Minutes of the day → 'HH:MM'. */
export function formatTimeOfDay(minutes: number): string {
  const m = ((Math.trunc(minutes) % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/**
 * Whether a minute of the day falls in [start, end). A window whose start is after its end wraps midnight:
 * 22:00–05:00 holds 22:00…23:59 and 00:00…04:59. start = end is not a window (the schema refuses it).
 */
export function inTimeWindow(minuteOfDay: number, start: number, end: number): boolean {
  if (start === end) return false;
  return start < end ? minuteOfDay >= start && minuteOfDay < end : minuteOfDay >= start || minuteOfDay < end;
}

/** The minute of the day of `at` on the wall clock of `timeZone` (an IANA name, e.g. America/Los_Angeles). */
export function minuteOfDayIn(at: Date, timeZone: string): number {
  return wallClock(at, timeZone).minuteOfDay;
}

/** The time-of-day multiplier a trip starting at `at` gets: the window's when inside it, else 1. */
export function timeMultiplierAt(night: TimeWindow | null, at: Date, timeZone: string): number {
  if (!night) return 1;
  return inTimeWindow(minuteOfDayIn(at, timeZone), night.start_min, night.end_min) ? night.multiplier : 1;
}

/** The fields an admin edits, in the order the diff and the form show them. */
export const POLICY_FIELDS = ['base_cents', 'per_km_cents', 'per_min_cents', 'minimum_cents', 'booking_fee_cents', 'seats', 'night'] as const;
export type PolicyField = (typeof POLICY_FIELDS)[number];

export type DiffableNight = { multiplier: number; start: string; end: string } | null;
type Diffable = Pick<FarePolicyRates, Exclude<PolicyField, 'night'>> & { night: DiffableNight };
export type PolicyChange = { field: PolicyField; from: number | DiffableNight; to: number | DiffableNight };

const nightKey = (n: Diffable['night']) => (n ? `${n.multiplier}|${n.start}|${n.end}` : '');

/**
 * What changed from one version to the next, field by field (old → new). Computed from the history the
 * list already carries, so the web needs no diff endpoint (decision 0032).
 */
export function diffPolicies(older: Diffable, newer: Diffable): PolicyChange[] {
  return POLICY_FIELDS.filter((f) => (f === 'night' ? nightKey(older.night) !== nightKey(newer.night) : older[f] !== newer[f])).map((field) => ({
    field,
    from: older[field],
    to: newer[field],
  }));
}
