import { z } from 'zod';
import { timestampSchema } from '../contract';
import { EARNINGS_PERIODS, PAYOUT_ITEM_STATUSES, PAYOUT_RUN_STATUSES } from './schemas';

const cents = z.number().int();
const day = z.string();

/** What a driver earned and collected over a stretch of time, from their ledger entries (decision 0040). */
export const earningsFiguresSchema = z.strictObject({
  trips: z.number().int(),
  /** The fares of their rides (what the rider paid for the trip, surge included). */
  fares_cents: cents,
  /** The platform's share: commission, booking fees and tax on commission. */
  commission_cents: cents,
  booking_fee_cents: cents,
  tax_cents: cents,
  tips_cents: cents,
  /** Their share of cancellation and no-show fees. */
  fees_cents: cents,
  /** What they earned: fares − the platform's share + tips + fees. */
  net_cents: cents,
  /** Cash they took from riders (fares and cash tips), which is the platform's until settled. */
  cash_collected_cents: cents,
});
export type EarningsFigures = z.infer<typeof earningsFiguresSchema>;

export const earningsTripSchema = z.strictObject({
  ride_id: z.string().nullable(),
  at: timestampSchema,
  fare_cents: cents,
  commission_cents: cents,
  booking_fee_cents: cents,
  tax_cents: cents,
  tip_cents: cents,
  fees_cents: cents,
  net_cents: cents,
  cash_collected_cents: cents,
});
export type EarningsTrip = z.infer<typeof earningsTripSchema>;

/**
 * A driver's standing: the balance of their ledger account (positive = they owe the platform, negative = the
 * platform owes them), and what happens next.
 */
export const driverStandingSchema = z.strictObject({
  currency: z.string(),
  balance_cents: cents,
  /** From the financial settings in force: the limit owed, for how many days, and the payout schedule. */
  negative_balance_limit_cents: cents,
  grace_days: z.number().int(),
  payout_weekday: z.number().int(),
  minimum_payout_cents: cents,
  /** The next payout date (a local date), when the platform owes them at least the minimum. */
  next_payout_date: day.nullable(),
  /** Since when they have owed more than the limit (null: not over it). */
  over_limit_since: timestampSchema.nullable(),
  /** When going online stops if still over the limit (over_limit_since + grace days). */
  settle_by: timestampSchema.nullable(),
  /** What to pay to be back within the limit (0 when within it). */
  settle_cents: cents,
  /** Over the limit for longer than the grace days: they cannot go online until they settle. */
  blocked: z.boolean(),
});
export type DriverStanding = z.infer<typeof driverStandingSchema>;

export const driverEarningsSchema = z.strictObject({
  driver: z.strictObject({ id: z.string(), name: z.string() }),
  city: z.strictObject({ id: z.string(), name: z.string(), timezone: z.string(), currency: z.string() }),
  period: z.enum(EARNINGS_PERIODS),
  /** The period's first and last local dates. */
  from: day,
  to: day,
  today: earningsFiguresSchema,
  week: earningsFiguresSchema,
  month: earningsFiguresSchema,
  /** Each local day of the period (the chart). */
  days: z.array(z.strictObject({ day, net_cents: cents, cash_collected_cents: cents, trips: z.number().int() })),
  /** Each ride of the period with money on the driver's account, newest first. */
  trips: z.array(earningsTripSchema),
  standing: driverStandingSchema,
});
export type DriverEarnings = z.infer<typeof driverEarningsSchema>;

/**
 * One week's statement. Balances are the ledger's (positive = the driver owes); every flow is a positive amount
 * in the direction its name says, and they add up: closing = opening − fares + commission − tips − fees
 * + cash_collected − cash_paid − adjustments + payouts.
 */
export const statementSchema = z.strictObject({
  week_start: day,
  week_end: day,
  currency: z.string(),
  opening_cents: cents,
  trips: z.number().int(),
  fares_cents: cents,
  commission_cents: cents,
  tips_cents: cents,
  fees_cents: cents,
  cash_collected_cents: cents,
  /** Cash the driver handed in to settle what they owed. */
  cash_paid_cents: cents,
  /** Corrections in the driver's favour (negative: against them). */
  adjustments_cents: cents,
  /** Paid out to the driver's bank account. */
  payouts_cents: cents,
  closing_cents: cents,
});
export type Statement = z.infer<typeof statementSchema>;
export const statementsResponseSchema = z.strictObject({ driver: z.strictObject({ id: z.string(), name: z.string() }), statements: z.array(statementSchema) });

/** One transaction on the driver's account in a statement (amount in the ledger's sign: positive = they owe more). */
export const statementLineSchema = z.strictObject({
  at: timestampSchema,
  kind: z.string(),
  ride_id: z.string().nullable(),
  description: z.string(),
  amount_cents: cents,
  balance_cents: cents,
});
export type StatementLine = z.infer<typeof statementLineSchema>;
export const statementResponseSchema = z.strictObject({
  driver: z.strictObject({ id: z.string(), name: z.string() }),
  city: z.strictObject({ name: z.string(), timezone: z.string() }),
  statement: statementSchema,
  lines: z.array(statementLineSchema),
});
export type StatementResponse = z.infer<typeof statementResponseSchema>;

export const payoutItemSchema = z.strictObject({
  id: z.string(),
  driver_id: z.string(),
  driver_name: z.string(),
  amount_cents: cents,
  status: z.enum(PAYOUT_ITEM_STATUSES),
  /** Ours, for the bank transfer's description. */
  reference: z.string(),
  bank_reference: z.string().nullable(),
  failure_reason: z.string().nullable(),
});
export type PayoutItem = z.infer<typeof payoutItemSchema>;

export const payoutRunSchema = z.strictObject({
  id: z.string(),
  city_id: z.string(),
  city_name: z.string(),
  currency: z.string(),
  status: z.enum(PAYOUT_RUN_STATUSES),
  /** The payout date a scheduled run was made for (null: made on demand). */
  scheduled_for: day.nullable(),
  minimum_payout_cents: cents,
  created_at: timestampSchema,
  created_by_name: z.string().nullable(),
  approved_at: timestampSchema.nullable(),
  approved_by_name: z.string().nullable(),
  total_cents: cents,
  items: z.array(payoutItemSchema),
});
export type PayoutRun = z.infer<typeof payoutRunSchema>;
export const payoutRunsResponseSchema = z.strictObject({ runs: z.array(payoutRunSchema) });
export const payoutRunResponseSchema = z.strictObject({ run: payoutRunSchema });

export const AGE_BUCKETS = ['current', 'd1_30', 'd31_60', 'd61_90', 'd90_plus'] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number];

export const collectionSchema = z.strictObject({
  driver_id: z.string(),
  driver_name: z.string(),
  city_id: z.string(),
  currency: z.string(),
  /** What they owe (positive). */
  owed_cents: cents,
  /** What they owe by the age of its oldest unpaid part (FIFO over their debits). */
  aging: z.strictObject({ current: cents, d1_30: cents, d31_60: cents, d61_90: cents, d90_plus: cents }),
  oldest_unpaid_at: timestampSchema.nullable(),
  standing: driverStandingSchema,
});
export type Collection = z.infer<typeof collectionSchema>;
export const collectionsResponseSchema = z.strictObject({ collections: z.array(collectionSchema) });
export const cashReceivedResponseSchema = z.strictObject({ collection: collectionSchema.nullable(), standing: driverStandingSchema });
