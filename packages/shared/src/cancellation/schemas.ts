import { z } from 'zod';
import { currencyExponent, moneyInputValue, parseMoney } from '../money';
import { text } from '../text';
import { RIDE_TYPES } from '../rides/schemas';

export const FEE_KINDS = ['fixed', 'percent'] as const;
export const FEE_REASONS = ['late_cancel', 'no_show'] as const;
export const WAIVE_REASONS = ['driver_late'] as const;

const cents = (label: string) =>
  z.number(`${label}: enter an amount`).int(`${label}: whole cents`).min(0, `${label} cannot be negative`).max(100_000, `${label} is at most $1,000.00`);
const seconds = (label: string) =>
  z.number(`${label}: enter a number of seconds`).int(`${label}: whole seconds`).min(0, `${label} cannot be negative`).max(3600, `${label} is at most an hour`);
const percent = (label: string) =>
  z.number(`${label}: enter a percentage`).int(`${label}: a whole percentage`).min(0, `${label} is 0 to 100`).max(100, `${label} is 0 to 100`);

/**
 * `PUT /api/admin/cancellation-policies/:id`: every term of one policy, money in integer minor units, the
 * percentage fee in basis points (1000 = 10 %). The server stores exactly this; the form reads and shows amounts in the city's currency (parseMoney, moneyInputValue).
 */
export const cancellationPolicyInputSchema = z
  .strictObject({
    free_window_s: seconds('Free window'),
    fee_kind: z.enum(FEE_KINDS, 'Choose a fixed fee or a percentage of the fare'),
    fee_fixed_cents: cents('Fixed fee'),
    fee_percent_bp: z.number().int('Percentage: at most two decimals').min(0, 'Percentage is 0 to 100').max(10_000, 'Percentage is 0 to 100'),
    fee_min_cents: cents('Minimum fee'),
    fee_max_cents: cents('Maximum fee'),
    no_show_wait_s: seconds('No-show wait'),
    no_show_fee_cents: cents('No-show fee'),
    late_driver_margin_s: seconds('Late-driver margin'),
    driver_share_late_cancel_pct: percent("Driver's share of late-cancel fees"),
    driver_share_no_show_pct: percent("Driver's share of no-show fees"),
  })
  .refine((p) => p.fee_max_cents >= p.fee_min_cents, { message: 'The maximum fee must be at least the minimum fee', path: ['fee_max_cents'] });
export type CancellationPolicyInput = z.infer<typeof cancellationPolicyInputSchema>;

/**
 * `POST /api/admin/cancellation-policies`: a pricing zone of the city gets its own terms for a ride type,
 * starting from the city default's (then edited with the PUT). One per city × zone × ride type.
 */
export const zonePolicyInputSchema = z.strictObject({
  city_id: text('Choose a city').trim().min(1, 'Choose a city').max(100, 'Choose a city'),
  zone_id: z.uuid('Choose one of the city’s pricing zones'),
  ride_type: z.enum(RIDE_TYPES, 'Choose a ride type'),
});
export type ZonePolicyInput = z.infer<typeof zonePolicyInputSchema>;

/** `GET /api/admin/cancellation-policies`: every policy, or one city's. */
export const cancellationPoliciesQuerySchema = z.object({ city: text().max(100).optional() });

/** An amount as typed in `currency` (kept as typed; `formToPolicyInput` reads it): at most 9999 in the currency's units, as before. */
const amount = (label: string, currency: string) =>
  text()
    .trim()
    .refine((v) => isAmount(v, currency), `${label}: an amount in ${currency}, like ${moneyInputValue(500, currency)}`);
const isAmount = (v: string, currency: string) => {
  const minor = parseMoney(v, currency);
  return minor !== undefined && !Number.isNaN(minor) && minor < 10_000 * 10 ** currencyExponent(currency);
};
const wholeNumber = (label: string, max: number) =>
  text()
    .trim()
    .regex(/^\d{1,4}$/, `${label}: a whole number`)
    .refine((v) => Number(v) <= max, `${label} is at most ${max}`);

/** The /cancellation-policies form: what an admin types (amounts in the city's `currency`, seconds, percentages). */
export const cancellationPolicyFormSchema = (currency: string) =>
  z
    .object({
      free_window_s: wholeNumber('Free window', 3600),
      fee_kind: z.enum(FEE_KINDS),
      fee_fixed: amount('Fixed fee', currency),
      fee_percent: text()
        .trim()
        .regex(/^\d{1,3}(\.\d{1,2})?$/, 'Percentage: a number like 10 or 12.5')
        .refine((v) => Number(v) <= 100, 'Percentage is 0 to 100'),
      fee_min: amount('Minimum fee', currency),
      fee_max: amount('Maximum fee', currency),
      no_show_wait_s: wholeNumber('No-show wait', 3600),
      no_show_fee: amount('No-show fee', currency),
      late_driver_margin_s: wholeNumber('Late-driver margin', 3600),
      driver_share_late_cancel_pct: wholeNumber("Driver's share of late-cancel fees", 100),
      driver_share_no_show_pct: wholeNumber("Driver's share of no-show fees", 100),
    })
    .refine((f) => !isAmount(f.fee_min, currency) || !isAmount(f.fee_max, currency) || minor(f.fee_max, currency) >= minor(f.fee_min, currency), {
      message: 'The maximum fee must be at least the minimum fee',
      path: ['fee_max'],
    });
export type CancellationPolicyForm = z.infer<ReturnType<typeof cancellationPolicyFormSchema>>;

/** A checked amount → minor units ("5.2" USD → 520, "500" JPY → 500). */
const minor = (typed: string, currency: string) => parseMoney(typed, currency) ?? 0;

/** The form's strings as the API takes them, amounts read in the city's `currency`. */
export function formToPolicyInput(f: CancellationPolicyForm, currency: string): CancellationPolicyInput {
  const [whole, frac = ''] = f.fee_percent.split('.');
  return {
    free_window_s: Number(f.free_window_s),
    fee_kind: f.fee_kind,
    fee_fixed_cents: minor(f.fee_fixed, currency),
    fee_percent_bp: Number(whole) * 100 + Number(frac.padEnd(2, '0')),
    fee_min_cents: minor(f.fee_min, currency),
    fee_max_cents: minor(f.fee_max, currency),
    no_show_wait_s: Number(f.no_show_wait_s),
    no_show_fee_cents: minor(f.no_show_fee, currency),
    late_driver_margin_s: Number(f.late_driver_margin_s),
    driver_share_late_cancel_pct: Number(f.driver_share_late_cancel_pct),
    driver_share_no_show_pct: Number(f.driver_share_no_show_pct),
  };
}

/** A stored policy as the form shows it, amounts in the city's `currency`. */
export function policyToForm(p: CancellationPolicyInput, currency: string): CancellationPolicyForm {
  return {
    free_window_s: String(p.free_window_s),
    fee_kind: p.fee_kind,
    fee_fixed: moneyInputValue(p.fee_fixed_cents, currency),
    fee_percent: String(p.fee_percent_bp / 100),
    fee_min: moneyInputValue(p.fee_min_cents, currency),
    fee_max: moneyInputValue(p.fee_max_cents, currency),
    no_show_wait_s: String(p.no_show_wait_s),
    no_show_fee: moneyInputValue(p.no_show_fee_cents, currency),
    late_driver_margin_s: String(p.late_driver_margin_s),
    driver_share_late_cancel_pct: String(p.driver_share_late_cancel_pct),
    driver_share_no_show_pct: String(p.driver_share_no_show_pct),
  };
}

export { RIDE_TYPES };
