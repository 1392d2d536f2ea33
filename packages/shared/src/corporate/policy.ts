import { distanceMeters, type LatLngPoint } from '../geo/lat-lng';
import { RIDE_TYPE_NAMES, type RideType } from '../rides/schemas';
import type { AllowedHours, ApprovedAddress, CompanyPolicy } from './schemas';
import { formatMoney } from '../money';
import { wallClock } from '../time';

/**
 * The policy a business ride must meet (decision 0067), as pure functions: the server checks a request with
 * them (under the company's lock, with the budget it reads there) and answers /book-ride's per-type check
 * with the same ones, so what the rider is told before requesting is what the request is refused for.
 */
export type PolicyRefusal = 'ride_type' | 'per_ride_limit' | 'hours' | 'pickup' | 'budget';
export const POLICY_REFUSAL_CODES = {
  ride_type: 'BUSINESS_RIDE_TYPE',
  per_ride_limit: 'BUSINESS_OVER_RIDE_LIMIT',
  hours: 'BUSINESS_OUTSIDE_HOURS',
  pickup: 'BUSINESS_PICKUP_NOT_APPROVED',
  budget: 'BUSINESS_OVER_BUDGET',
} as const satisfies Record<PolicyRefusal, string>;

const DAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** Money as a sentence reads it (the server's locale): 2500 USD → "$25.00". */
export function money(cents: number, currency: string) {
  return formatMoney(cents, currency);
}

/** The ISO weekday (1 = Monday) and minutes since midnight of an instant on a city's clock. */
export function localClock(at: Date, timeZone: string): { day: number; minutes: number } {
  const clock = wallClock(at, timeZone);
  return { day: clock.weekday, minutes: clock.minuteOfDay };
}

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** A window whose end is earlier than its start runs past midnight (22:00–06:00). */
export const isOvernight = (hours: Pick<AllowedHours, 'from' | 'to'>) => hours.to < hours.from;

/** The ISO weekday before `day` (Monday's is Sunday). */
const dayBefore = (day: number) => ((day + 5) % 7) + 1;

/**
 * Inside the allowed hours at a wall-clock time (the city's weekday and minutes since its midnight), with no
 * daylight saving in it: a same-day window is [from, to) on an allowed day; an overnight one is from `from` to
 * midnight on an allowed day and from midnight to `to` on the day after one (decision 0072: the hours after
 * midnight belong to the day the window starts, so Mon–Fri 22:00–06:00 allows Saturday 03:00, not Monday 03:00).
 */
export function withinHoursAt(hours: AllowedHours, clock: { day: number; minutes: number }): boolean {
  const from = toMinutes(hours.from);
  const to = toMinutes(hours.to);
  if (from < to) return hours.days.includes(clock.day) && clock.minutes >= from && clock.minutes < to;
  return (hours.days.includes(clock.day) && clock.minutes >= from) || (hours.days.includes(dayBefore(clock.day)) && clock.minutes < to);
}

/** Inside the allowed hours on the city's clock at `at` (daylight saving as the city lives it); no window allows any time. */
export function withinHours(hours: AllowedHours | null, at: Date, timeZone: string): boolean {
  if (!hours) return true;
  return withinHoursAt(hours, localClock(at, timeZone));
}

/**
 * "Mon–Fri 07:00–20:00", "Mon, Wed, Fri 09:00–17:00", "Every day 06:00–22:00", "Mon–Fri 22:00–06:00 (overnight)".
 * `inline` says the overnight mark without parentheses, for a sentence already in them ("…, overnight").
 */
export function describeHours(hours: AllowedHours, style: 'label' | 'inline' = 'label'): string {
  const days = [...new Set(hours.days)].sort((a, b) => a - b);
  let said: string;
  if (days.length === 7) said = 'Every day';
  else if (days.length >= 3 && days[days.length - 1]! - days[0]! === days.length - 1)
    said = `${DAY_NAMES[days[0]! - 1]}–${DAY_NAMES[days[days.length - 1]! - 1]}`;
  else said = days.map((d) => DAY_NAMES[d - 1]).join(', ');
  const window = `${said} ${hours.from}–${hours.to}`;
  if (!isOvernight(hours)) return window;
  return style === 'label' ? `${window} (overnight)` : `${window}, overnight`;
}

/** Within radius_m of an approved address; no addresses allows any pickup. */
export function nearApprovedAddress(addresses: ApprovedAddress[], radiusM: number, pickup: LatLngPoint): boolean {
  if (addresses.length === 0) return true;
  return addresses.some((a) => distanceMeters(a, pickup) <= radiusM);
}

export type PolicyContext = {
  company_name: string;
  currency: string;
  time_zone: string;
  ride_type: RideType;
  fare_cents: number;
  at: Date;
  pickup: LatLngPoint;
  /** What is left of the member's monthly budget (null: no budget). */
  budget_left_cents: number | null;
};

export type PolicyVerdict = { allowed: true; note: string | null } | { allowed: false; refusal: PolicyRefusal; reason: string };

/** The words of each refusal, the same before requesting and in the request's refusal. */
export const policyText = {
  rideType: (type: RideType, company: string) => `${RIDE_TYPE_NAMES[type]} is not allowed by ${company}’s policy`,
  perRideLimit: (limit: string) => `Over the per-ride limit of ${limit}`,
  hours: (window: string) => `Outside allowed hours (${window})`,
  pickup: 'Pickup is not near an approved address',
  overBudget: (left: string) => `Over your monthly budget (${left} left)`,
  budgetLeft: (left: string) => `Monthly budget left: ${left}`,
};

/** The first rule the ride breaks, in the order a person reads the policy; else allowed, with the budget left. */
export function checkPolicy(policy: CompanyPolicy, ctx: PolicyContext): PolicyVerdict {
  const no = (refusal: PolicyRefusal, reason: string): PolicyVerdict => ({ allowed: false, refusal, reason });
  if (!policy.ride_types.includes(ctx.ride_type)) return no('ride_type', policyText.rideType(ctx.ride_type, ctx.company_name));
  if (policy.per_ride_limit_cents !== null && ctx.fare_cents > policy.per_ride_limit_cents)
    return no('per_ride_limit', policyText.perRideLimit(money(policy.per_ride_limit_cents, ctx.currency)));
  if (!withinHours(policy.allowed_hours, ctx.at, ctx.time_zone)) return no('hours', policyText.hours(describeHours(policy.allowed_hours!, 'inline')));
  if (!nearApprovedAddress(policy.approved_addresses, policy.radius_m, ctx.pickup)) return no('pickup', policyText.pickup);
  if (ctx.budget_left_cents !== null && ctx.fare_cents > ctx.budget_left_cents)
    return no('budget', policyText.overBudget(money(Math.max(0, ctx.budget_left_cents), ctx.currency)));
  return { allowed: true, note: ctx.budget_left_cents === null ? null : policyText.budgetLeft(money(Math.max(0, ctx.budget_left_cents), ctx.currency)) };
}

/** The city's wall clock at `at`, read as if it were UTC (milliseconds). */
const wallAsUtc = (at: Date, timeZone: string) => wallClock(at, timeZone).asUtc;

/** The first instant of the calendar month containing `at` on the city's clock (daylight saving included). */
export function monthStartIn(at: Date, timeZone: string): Date {
  const wall = new Date(wallAsUtc(at, timeZone));
  const start = Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), 1);
  const offsetAt = (t: number) => wallAsUtc(new Date(t), timeZone) - Math.floor(t / 1000) * 1000;
  const guess = start - offsetAt(at.getTime());
  return new Date(start - offsetAt(guess));
}
