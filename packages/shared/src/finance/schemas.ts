import { z } from 'zod';
import { defineListQuery, optionalFilter } from '../admin/list-query';
import { ANALYTICS_MAX_DAYS, daySchema, timeZoneSchema } from '../analytics/schemas';
import { ENTRY_LINES, PARTY_ACCOUNTS, PLATFORM_ACCOUNTS, TRANSACTION_KINDS } from '../ledger/accounts';
import { RIDE_TYPES, type RideType } from '../rides/schemas';
import { moneyField } from '../money-schema';
import { multilineText, text } from '../text';
import { AGING_BUCKET_KEYS, DRIVER_STANDINGS } from './figures';
import { financeText } from './finance-text';

/** Integer minor units on a setting: never negative; 10,000,000 cents ($100,000) is far above any limit. */
export const MAX_SETTING_CENTS = 10_000_000;
/** The largest hand adjustment one admin posts at once. */
export const MAX_ADJUSTMENT_CENTS = 10_000_000;
export const MAX_GRACE_DAYS = 90;
/** An effective date may lag the server's clock by this much (as fare policies: the request's flight). */
export const EFFECTIVE_PAST_TOLERANCE_MS = 2 * 60 * 1000;

const t = financeText.errors;
const basisPoints = (label: string) => z.number(t.rate(label)).int(t.rate(label)).min(0, t.rate(label)).max(10_000, t.rate(label));
const cents = (label: string) => z.number(t.amount(label)).int(t.amount(label)).min(0, t.amount(label)).max(MAX_SETTING_CENTS, t.tooLarge(label));

/**
 * `POST /api/admin/financial-settings/:city`: the next version of a city's financial settings. Rates are
 * basis points (2000 = 20 %), amounts integer cents. `effective_from` null: now; else now or later.
 */
export const financialSettingsInputSchema = z
  .strictObject({
    commission_bp: z.strictObject(
      Object.fromEntries(RIDE_TYPES.map((r) => [r, basisPoints(financeText.commissionFor(r))])) as Record<RideType, ReturnType<typeof basisPoints>>,
    ),
    tax_rate_bp: basisPoints(financeText.fields.tax_rate),
    tax_label: text().trim().max(40, t.taxLabelLong).default(''),
    payout_weekday: z.number(t.weekday).int(t.weekday).min(0, t.weekday).max(6, t.weekday),
    minimum_payout_cents: cents(financeText.fields.minimum_payout),
    negative_balance_limit_cents: cents(financeText.fields.negative_balance_limit),
    grace_days: z.number(t.graceDays).int(t.graceDays).min(0, t.graceDays).max(MAX_GRACE_DAYS, t.graceDays),
    effective_from: z.iso.datetime({ offset: true, message: t.effectiveDate }).nullable().default(null),
    note: text().trim().max(500).nullable().default(null),
  })
  .refine((v) => v.tax_rate_bp === 0 || v.tax_label.length > 0, { message: t.taxLabelNeeded, path: ['tax_label'] });
export type FinancialSettingsInput = z.input<typeof financialSettingsInputSchema>;

/** `PUT /api/admin/financial-settings/:city/currency`: an ISO 4217 code, only while the city has no books. */
export const cityCurrencyInputSchema = z.strictObject({
  currency: text()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, t.currency)
    .refine((c) => {
      try {
        new Intl.NumberFormat('en', { style: 'currency', currency: c });
        return true;
      } catch {
        return false;
      }
    }, t.currency),
});

/** Percent as typed ('20', '12.5', '7.25') → basis points; at most two decimals, 0–100. */
export const percentSchema = text()
  .trim()
  .regex(/^\d{1,3}(\.\d{1,2})?$/, t.percent)
  .transform((v) => Math.round(Number(v) * 100))
  .pipe(z.number().max(10_000, t.percent));
/** An amount as typed in `currency` ('10', '10.50' USD; '1050' JPY) → integer minor units, at most `MAX_SETTING_CENTS`. */
const amountSchema = (currency: string) => moneyField(currency, t.money(currency), { max: MAX_SETTING_CENTS });

/** The /financial-settings form: percents and amounts in the city's `currency` as typed, turned into the API's body on submit. */
export const financialSettingsFormSchema = (currency: string) =>
  z
    .object({
      economy: percentSchema,
      comfort: percentSchema,
      xl: percentSchema,
      tax_rate: percentSchema,
      tax_label: text().trim().max(40, t.taxLabelLong),
      payout_weekday: text().regex(/^[0-6]$/, t.weekday),
      minimum_payout: amountSchema(currency),
      negative_balance_limit: amountSchema(currency),
      grace_days: text()
        .trim()
        .regex(/^\d{1,2}$/, t.graceDays)
        .transform(Number)
        .pipe(z.number().max(MAX_GRACE_DAYS, t.graceDays)),
      effective: z.enum(['now', 'at']),
      effective_at: text().trim(),
      note: text().trim().max(500),
    })
    .superRefine((v, ctx) => {
      if (v.tax_rate > 0 && !v.tax_label) ctx.addIssue({ code: 'custom', path: ['tax_label'], message: t.taxLabelNeeded });
      if (v.effective === 'at' && (!v.effective_at || Number.isNaN(new Date(v.effective_at).getTime())))
        ctx.addIssue({ code: 'custom', path: ['effective_at'], message: t.effectiveAtRequired });
    });
export type FinancialSettingsFormInput = z.input<ReturnType<typeof financialSettingsFormSchema>>;
export type FinancialSettingsFormOutput = z.output<ReturnType<typeof financialSettingsFormSchema>>;

export function settingsBodyFromForm(v: FinancialSettingsFormOutput): FinancialSettingsInput {
  return {
    commission_bp: { economy: v.economy, comfort: v.comfort, xl: v.xl },
    tax_rate_bp: v.tax_rate,
    tax_label: v.tax_rate > 0 ? v.tax_label : '',
    payout_weekday: Number(v.payout_weekday),
    minimum_payout_cents: v.minimum_payout,
    negative_balance_limit_cents: v.negative_balance_limit,
    grace_days: v.grace_days,
    effective_from: v.effective === 'at' ? new Date(v.effective_at).toISOString() : null,
    note: v.note || null,
  };
}

const rangeRefinements = <T extends z.ZodType<{ from: string; to: string }>>(schema: T) =>
  schema
    .refine((q) => q.from <= q.to, { message: '"from" must be on or before "to"', path: ['from'] })
    .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < ANALYTICS_MAX_DAYS, {
      message: `Choose at most ${ANALYTICS_MAX_DAYS} days`,
      path: ['to'],
    });

/** `GET /api/admin/finance/dashboard`: calendar days in `tz`, `from` and `to` inclusive, for one city. */
export const financeDashboardQuerySchema = rangeRefinements(
  z.object({
    city: text().trim().min(1).max(100),
    from: daySchema,
    to: daySchema,
    tz: timeZoneSchema,
  }),
);
export type FinanceDashboardQuery = z.input<typeof financeDashboardQuerySchema>;

const ACCOUNT_CODES = [...PLATFORM_ACCOUNTS, ...PARTY_ACCOUNTS] as const;
/** A comma-separated list of values of one enum (`?line=fare_cash,fare_card`). */
const listOf = <const T extends readonly [string, ...string[]]>(values: T, what: string) =>
  optionalFilter(
    text()
      .max(400)
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .pipe(
        z
          .array(z.enum(values, `Unknown ${what}`))
          .min(1)
          .max(values.length),
      ),
  );

/**
 * `GET /api/admin/ledger/entries`: the entries behind a figure, newest first, paged. Every filter narrows:
 * `line` and `account` (codes) as the figure defines them, one `account_id`, one `city` (the transaction's),
 * `from`/`to` days in `tz`, a transaction `kind`, a `ride`, the accounts' `currency`, entries posted at or
 * before `as_of`; drivers' balances (decision 0044): `standing` (the driver accounts owing or owed as of
 * `as_of`) and `aging` (the entries making the open part of what drivers owe in one age bucket, counted from
 * `as_of`, which it needs).
 */
export const ledgerEntriesQuerySchema = defineListQuery({
  sorts: ['created_at'],
  filters: {
    line: listOf(ENTRY_LINES, 'entry line'),
    account: listOf(ACCOUNT_CODES, 'account'),
    account_id: optionalFilter(z.uuid('The account must be an account id')),
    kind: optionalFilter(z.enum(TRANSACTION_KINDS)),
    ride: optionalFilter(z.uuid('The ride must be a ride id')),
    city: optionalFilter(text().trim().max(100)),
    from: optionalFilter(daySchema),
    to: optionalFilter(daySchema),
    tz: timeZoneSchema,
    currency: optionalFilter(
      text()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{3}$/, t.currency),
    ),
    as_of: optionalFilter(z.iso.datetime({ offset: true, message: t.asOf })),
    standing: optionalFilter(z.enum(DRIVER_STANDINGS, t.standing)),
    aging: optionalFilter(z.enum(AGING_BUCKET_KEYS, t.agingBucket)),
  },
})
  .refine((q) => !q.aging || q.as_of, { message: t.agingNeedsAsOf, path: ['as_of'] })
  .refine((q) => !q.aging || q.standing !== 'owed', { message: t.agingIsOwing, path: ['standing'] });
export type LedgerEntriesQuery = z.input<typeof ledgerEntriesQuerySchema>;

/**
 * `POST /api/admin/ledger/adjustments`: an admin credits or debits a driver's account or a rider's wallet by
 * hand, with a reason, against the platform's `adjustments` account. `idempotency_key` (a uuid the form
 * makes once) posts it once, however often it is sent.
 */
export const adjustmentInputSchema = z.strictObject({
  city: text().trim().min(1).max(100),
  party: z.enum(['driver', 'rider']),
  /** The driver's id (drivers.id) or the rider's user id. */
  party_id: text().trim().min(1).max(100),
  direction: z.enum(['credit', 'debit']),
  amount_cents: z.number(t.adjustmentAmount).int(t.adjustmentAmount).min(1, t.adjustmentAmount).max(MAX_ADJUSTMENT_CENTS, t.adjustmentAmount),
  reason: multilineText().trim().min(3, t.reason).max(500),
  idempotency_key: z.uuid().optional(),
});
export type AdjustmentInput = z.input<typeof adjustmentInputSchema>;

/** The adjustment dialog: the amount as typed in the city's `currency`. */
export const adjustmentFormSchema = (currency: string) =>
  z.object({
    direction: z.enum(['credit', 'debit']),
    amount: moneyField(currency, t.adjustmentAmountIn(currency, MAX_ADJUSTMENT_CENTS), { min: 1, max: MAX_ADJUSTMENT_CENTS }),
    reason: multilineText().trim().min(3, t.reason).max(500),
  });
export type AdjustmentFormInput = z.input<ReturnType<typeof adjustmentFormSchema>>;
