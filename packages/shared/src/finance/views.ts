import { z } from 'zod';
import { listPageSchema } from '../admin/list-query';
import { timestampSchema } from '../contract';
import { AGING_BUCKETS, FIGURE_KEYS } from './figures';

export const SETTINGS_STATUSES = ['in_force', 'scheduled', 'superseded'] as const;

const cityViewSchema = z.strictObject({ id: z.string(), name: z.string(), currency: z.string(), time_zone: z.string() });

/** One version of a city's financial settings. Rates in basis points, amounts in integer cents. */
export const financialSettingsVersionSchema = z.strictObject({
  id: z.string(),
  city_id: z.string(),
  version: z.number().int(),
  effective_from: timestampSchema,
  commission_bp: z.strictObject({ economy: z.number().int(), comfort: z.number().int(), xl: z.number().int() }),
  tax_rate_bp: z.number().int(),
  tax_label: z.string(),
  payout_weekday: z.number().int(),
  minimum_payout_cents: z.number().int(),
  negative_balance_limit_cents: z.number().int(),
  grace_days: z.number().int(),
  created_by: z.string().nullable(),
  created_by_name: z.string().nullable(),
  created_at: timestampSchema,
  note: z.string().nullable(),
  status: z.enum(SETTINGS_STATUSES),
});
export type FinancialSettingsVersion = z.infer<typeof financialSettingsVersionSchema>;

/** `GET /api/admin/financial-settings/:city`: the version in force, every version newest first, and whether the currency may still change. */
export const financialSettingsResponseSchema = z.strictObject({
  city: cityViewSchema,
  cities: z.array(z.strictObject({ id: z.string(), name: z.string() })),
  /** True once any ledger transaction names this city: its currency is then fixed. */
  currency_locked: z.boolean(),
  current: financialSettingsVersionSchema.nullable(),
  history: z.array(financialSettingsVersionSchema),
});
export type FinancialSettingsResponse = z.infer<typeof financialSettingsResponseSchema>;
export const financialSettingsVersionResponseSchema = z.strictObject({ settings: financialSettingsVersionSchema });
export const cityCurrencyResponseSchema = z.strictObject({ city: cityViewSchema });

const figuresSchema = z.strictObject(Object.fromEntries(FIGURE_KEYS.map((k) => [k, z.number().int()])) as Record<(typeof FIGURE_KEYS)[number], z.ZodNumber>);

export const trialBalanceSchema = z.strictObject({
  balanced: z.boolean(),
  accounts: z.array(
    z.strictObject({
      code: z.string(),
      type: z.string(),
      label: z.string(),
      currency: z.string(),
      debits_cents: z.number().int(),
      credits_cents: z.number().int(),
      balance_cents: z.number().int(),
    }),
  ),
  currencies: z.array(
    z.strictObject({ currency: z.string(), debits_cents: z.number().int(), credits_cents: z.number().int(), difference_cents: z.number().int() }),
  ),
});

/** `GET /api/admin/finance/dashboard`: every figure from ledger entries, by day, drivers' balances by age, the trial balance. */
export const financeDashboardSchema = z.strictObject({
  city: cityViewSchema,
  cities: z.array(z.strictObject({ id: z.string(), name: z.string() })),
  from: z.string(),
  to: z.string(),
  tz: z.string(),
  currency: z.string(),
  figures: figuresSchema,
  /** Net revenue ÷ GMV; null without GMV. */
  take_rate: z.number().nullable(),
  /** Refunds ÷ GMV; null without GMV. */
  refund_share: z.number().nullable(),
  completed_rides: z.number().int(),
  /** What the city's companies owe now, whatever the range: the balance of their `company` accounts (decision 0070). */
  companies_owe_cents: z.number().int(),
  days: z.array(figuresSchema.extend({ day: z.string() })),
  aging: z.strictObject({
    as_of: timestampSchema,
    buckets: z.array(z.strictObject({ key: z.enum(AGING_BUCKETS.map((b) => b.key) as [string, ...string[]]), cents: z.number().int() })),
    owing_total_cents: z.number().int(),
    owed_to_drivers_cents: z.number().int(),
    /** The drivers who owe the most (at most 20), each with their account for the drill-down. */
    drivers: z.array(
      z.strictObject({
        driver_id: z.string(),
        account_id: z.string(),
        name: z.string().nullable(),
        balance_cents: z.number().int(),
        oldest_days: z.number().int(),
      }),
    ),
  }),
  trial_balance: trialBalanceSchema,
});
export type FinanceDashboard = z.infer<typeof financeDashboardSchema>;

/** One ledger entry as the drill-down lists it. */
export const ledgerEntryViewSchema = z.strictObject({
  id: z.string(),
  created_at: timestampSchema,
  transaction_id: z.string(),
  kind: z.string(),
  ride_id: z.string().nullable(),
  city_id: z.string().nullable(),
  account_id: z.string(),
  account_code: z.string(),
  owner_id: z.string().nullable(),
  owner_name: z.string().nullable(),
  currency: z.string(),
  line: z.string(),
  amount_cents: z.number().int(),
  reason: z.string().nullable(),
});
export type LedgerEntryView = z.infer<typeof ledgerEntryViewSchema>;
/** A page of entries; the first page also carries how many match and the sum of all of them (debit positive). */
export const ledgerEntriesPageSchema = listPageSchema(ledgerEntryViewSchema).extend({ sum_cents: z.number().int().optional() });

export const adjustmentResponseSchema = z.strictObject({
  transaction_id: z.string(),
  /** False: this idempotency key had posted before, nothing changed. */
  posted: z.boolean(),
  /** The account's balance after (debit positive: a driver's positive balance is owed to the platform; a wallet's negative balance is credit the rider holds). */
  balance_cents: z.number().int(),
});
