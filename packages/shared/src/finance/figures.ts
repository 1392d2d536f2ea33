import type { AccountCode, EntryLine } from '../ledger/accounts';

/**
 * The financial dashboard's figures (decision 0041), each one a signed sum of ledger entries chosen by
 * account code and/or entry line — never anything read from rides. The same definition computes the
 * figure (server, from one grouped query) and asks for the entries behind it (the drill-down), so the
 * entries listed always add up to the figure shown. `sign` turns the platform's books (debit positive)
 * into the figure's reading: revenue is credited, so it reads with -1.
 */
export type FigureFilter = { accounts?: readonly AccountCode[]; lines?: readonly EntryLine[]; sign: 1 | -1 };

export const FIGURES = {
  /** Gross bookings: what riders paid for fares (posted only by `ride.completed`, net of its reversals). */
  gmv: { lines: ['fare_cash', 'fare_card', 'fare_wallet', 'fare_business'], sign: 1 },
  cash: { lines: ['fare_cash'], sign: 1 },
  card: { lines: ['fare_card'], sign: 1 },
  wallet: { lines: ['fare_wallet'], sign: 1 },
  /** Fares of business rides, owed by companies (decision 0066). */
  business: { lines: ['fare_business'], sign: 1 },
  /** Commission revenue (tax on it is not revenue: it is `tax`). */
  commission: { accounts: ['commission'], sign: -1 },
  tax: { accounts: ['tax_payable'], sign: -1 },
  booking_fees: { accounts: ['booking_fees'], lines: ['booking_fee'], sign: -1 },
  /** The platform's share of cancellation and no-show fees (the driver's share is theirs). */
  cancellation_fees: { accounts: ['booking_fees'], lines: ['cancellation_fee'], sign: -1 },
  fees: { accounts: ['booking_fees'], sign: -1 },
  promotions: { accounts: ['promotions'], sign: 1 },
  /** Referral rewards paid (decision 0064): wallet credit to riders, bonuses to drivers. */
  referral_rewards: { accounts: ['referrals'], sign: 1 },
  /** Every refund given, whoever bears it: the platform (`refunds`) or the driver (their account). */
  refunds: { accounts: ['refunds', 'driver'], lines: ['refund'], sign: 1 },
  /** The part of refunds the platform bears (an expense that lowers net revenue). */
  platform_refunds: { accounts: ['refunds'], sign: 1 },
  tips: { accounts: ['driver'], lines: ['tip'], sign: -1 },
  driver_earnings: { accounts: ['driver'], lines: ['driver_earnings'], sign: -1 },
  adjustments: { accounts: ['adjustments'], sign: 1 },
  /** Commission + booking and cancellation fees − promotions − referral rewards − refunds the platform bears. */
  net_revenue: { accounts: ['commission', 'booking_fees', 'promotions', 'referrals', 'refunds'], sign: -1 },
} as const satisfies Record<string, FigureFilter>;

export type FigureKey = keyof typeof FIGURES;
export const FIGURE_KEYS = Object.keys(FIGURES) as FigureKey[];

/** Does an entry on `code` with `line` count toward the figure? */
export function inFigure(f: FigureFilter, code: string, line: string) {
  return (!f.accounts || (f.accounts as readonly string[]).includes(code)) && (!f.lines || (f.lines as readonly string[]).includes(line));
}

/** One row of the dashboard's grouped query: the sum of entries of one day, account code and line. */
export type GroupedRow = { day: string; code: string; line: string; cents: number };

/** Every figure from grouped rows: totals and, per day, the ones the chart shows. */
export function computeFigures(rows: readonly GroupedRow[]) {
  const totals = Object.fromEntries(FIGURE_KEYS.map((k) => [k, 0])) as Record<FigureKey, number>;
  const byDay = new Map<string, Record<FigureKey, number>>();
  for (const r of rows) {
    let day = byDay.get(r.day);
    if (!day) byDay.set(r.day, (day = Object.fromEntries(FIGURE_KEYS.map((k) => [k, 0])) as Record<FigureKey, number>));
    for (const key of FIGURE_KEYS) {
      const f: FigureFilter = FIGURES[key];
      if (!inFigure(f, r.code, r.line)) continue;
      totals[key] += f.sign * r.cents;
      day[key] += f.sign * r.cents;
    }
  }
  return { totals, byDay };
}

/** A share as a fraction (0.2 = 20 %), null when the base is zero. */
export const share = (part: number, whole: number) => (whole === 0 ? null : part / whole);

/** The age buckets of what drivers owe (days since the entry that made the debt), as collections read them. */
export const AGING_BUCKETS = [
  { key: 'current', min: 0, max: 0 },
  { key: 'd1_30', min: 1, max: 30 },
  { key: 'd31_60', min: 31, max: 60 },
  { key: 'd61_90', min: 61, max: 90 },
  { key: 'd90_plus', min: 91, max: Infinity },
] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number]['key'];
export const AGING_BUCKET_KEYS = AGING_BUCKETS.map((b) => b.key) as [AgingBucket, ...AgingBucket[]];

/**
 * The drill-downs of drivers' balances (decision 0041, 0044): `standing` picks the driver accounts whose
 * balance is positive (owing: they owe the platform) or negative (owed: the platform owes them) and lists all
 * their entries; `aging` (with `as_of`) lists, per owing account, the entries whose sum is the open part of
 * its debt in that age bucket. Both read the ledger as it stood at `as_of`, like the dashboard's figures.
 */
export const DRIVER_STANDINGS = ['owing', 'owed'] as const;
export type DriverStanding = (typeof DRIVER_STANDINGS)[number];

/** Whole days between an entry and `asOf` (a debt from earlier today is 0 days old: current). */
export const ageInDays = (at: Date, asOf: Date) => Math.max(0, Math.floor((asOf.getTime() - at.getTime()) / 86_400_000));

export function bucketOf(days: number): AgingBucket {
  return AGING_BUCKETS.find((b) => days >= b.min && days <= b.max)!.key;
}

/**
 * First in, first out: a balance owed of `balance` is made of the newest debits that add up to it (the
 * older ones were settled by what was credited since). Returns the open part of each debit, newest first.
 * `debits` must be newest first, each positive.
 */
export function openDebits<T extends { cents: number }>(balance: number, debits: readonly T[]): Array<T & { open_cents: number }> {
  const out: Array<T & { open_cents: number }> = [];
  let left = balance;
  for (const d of debits) {
    if (left <= 0) break;
    const open = Math.min(d.cents, left);
    out.push({ ...d, open_cents: open });
    left -= open;
  }
  return out;
}
