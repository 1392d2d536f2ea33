import { z } from 'zod';
import { moneyInputValue } from '../money';
import { moneyField } from '../money-schema';
import { text } from '../text';

/** The periods of /driver-earnings, in the city's time zone: today, this week (from Monday), this month. */
export const EARNINGS_PERIODS = ['today', 'week', 'month'] as const;
export type EarningsPeriod = (typeof EARNINGS_PERIODS)[number];
export const earningsQuerySchema = z.object({ period: z.enum(EARNINGS_PERIODS, 'Choose today, week or month').default('week') });

/** A statement's week: the Monday (a local date) it starts on. */
export const statementWeekParamsSchema = z.object({ week: z.string() });
export const WEEK_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const statementQuerySchema = z.object({ format: z.enum(['json', 'csv']).optional() });

/** The payout run statuses: a preview (nothing posted) → approved (payouts in flight) → closed (every item paid or failed); a preview replaced by a newer one is discarded. */
export const PAYOUT_RUN_STATUSES = ['preview', 'approved', 'closed', 'discarded'] as const;
export type PayoutRunStatus = (typeof PAYOUT_RUN_STATUSES)[number];
/** One driver's line in a run: in the preview; skipped at approval (nothing left owed); pending (sent to the bank); paid; failed (returned to the balance). */
export const PAYOUT_ITEM_STATUSES = ['preview', 'skipped', 'pending', 'paid', 'failed'] as const;
export type PayoutItemStatus = (typeof PAYOUT_ITEM_STATUSES)[number];

export const payoutRunsQuerySchema = z.object({ city: text().max(100).optional() });

/** "Preview run now": a new preview of every driver of the city owed at least the minimum. */
export const createPayoutRunSchema = z.strictObject({ city_id: text('Choose a city').trim().min(1, 'Choose a city').max(100, 'Choose a city') });
export type CreatePayoutRun = z.infer<typeof createPayoutRunSchema>;

const reference = (label: string) =>
  text(`${label}: enter the reference`).trim().min(2, `${label}: at least 2 characters`).max(100, `${label}: at most 100 characters`);

/** "Mark paid": the bank's reference of the transfer, for every item of the run still pending. */
export const markPaidSchema = z.strictObject({ reference: reference('Bank reference') });
export type MarkPaid = z.infer<typeof markPaidSchema>;

/** A payout the bank returned: the reason; the amount goes back to the driver's balance. */
export const failPayoutSchema = z.strictObject({
  reason: text('Give a reason').trim().min(3, 'Give a reason (at least 3 characters)').max(500, 'At most 500 characters'),
});
export type FailPayout = z.infer<typeof failPayoutSchema>;

export const collectionsQuerySchema = z.object({ city: text().max(100).optional() });

/** "Record cash received": what a driver who owes handed in, in cents, with the receipt's reference. */
export const cashReceivedSchema = z.strictObject({
  amount_cents: z
    .number('Amount: enter an amount')
    .int('Amount: whole cents')
    .min(1, 'Amount must be more than zero')
    .max(10_000_000, 'Amount is at most 10,000,000 in the currency’s minor units'),
  reference: reference('Receipt reference'),
  /** One per dialog: a double submit posts once. */
  request_id: z.uuid('A request id is a uuid').optional(),
});
export type CashReceived = z.infer<typeof cashReceivedSchema>;

/** The cash form: what an admin types, the amount in the driver's city's `currency` (→ minor units, by its own decimals). */
export const cashReceivedFormSchema = (currency: string) =>
  z.object({
    amount: moneyField(currency, `Amount: an amount in ${currency}, like ${moneyInputValue(1240, currency)}`, { max: 10_000_000 }).pipe(
      z.number().min(1, 'Amount must be more than zero'),
    ),
    reference: text().trim().min(2, 'Receipt reference: at least 2 characters').max(100, 'Receipt reference: at most 100 characters'),
  });
export type CashReceivedFormInput = z.input<ReturnType<typeof cashReceivedFormSchema>>;
export type CashReceivedForm = z.output<ReturnType<typeof cashReceivedFormSchema>>;
