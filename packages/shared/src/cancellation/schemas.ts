import { z } from 'zod';
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
 * percentage fee in basis points (1000 = 10 %). The server stores exactly this; the form converts dollars.
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

const DOLLARS = /^\d{1,4}(\.\d{1,2})?$/;
const dollars = (label: string) => text().trim().regex(DOLLARS, `${label}: dollars and cents, like 5.00`);
const wholeNumber = (label: string, max: number) =>
  text()
    .trim()
    .regex(/^\d{1,4}$/, `${label}: a whole number`)
    .refine((v) => Number(v) <= max, `${label} is at most ${max}`);

/** The /cancellation-policies form: what an admin types (dollars.cents, seconds, percentages). */
export const cancellationPolicyFormSchema = z
  .object({
    free_window_s: wholeNumber('Free window', 3600),
    fee_kind: z.enum(FEE_KINDS),
    fee_fixed: dollars('Fixed fee'),
    fee_percent: text()
      .trim()
      .regex(/^\d{1,3}(\.\d{1,2})?$/, 'Percentage: a number like 10 or 12.5')
      .refine((v) => Number(v) <= 100, 'Percentage is 0 to 100'),
    fee_min: dollars('Minimum fee'),
    fee_max: dollars('Maximum fee'),
    no_show_wait_s: wholeNumber('No-show wait', 3600),
    no_show_fee: dollars('No-show fee'),
    late_driver_margin_s: wholeNumber('Late-driver margin', 3600),
    driver_share_late_cancel_pct: wholeNumber("Driver's share of late-cancel fees", 100),
    driver_share_no_show_pct: wholeNumber("Driver's share of no-show fees", 100),
  })
  .refine((f) => !DOLLARS.test(f.fee_min) || !DOLLARS.test(f.fee_max) || toCents(f.fee_max) >= toCents(f.fee_min), {
    message: 'The maximum fee must be at least the minimum fee',
    path: ['fee_max'],
  });
export type CancellationPolicyForm = z.infer<typeof cancellationPolicyFormSchema>;

/** "5.2" → 520, exactly (no floating point): dollars and up to two decimals to integer cents. */
export function toCents(value: string): number {
  const [whole, frac = ''] = value.trim().split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}
/** 520 → "5.20". */
export const fromCents = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** The form's strings as the API takes them. */
export function formToPolicyInput(f: CancellationPolicyForm): CancellationPolicyInput {
  const [whole, frac = ''] = f.fee_percent.split('.');
  return {
    free_window_s: Number(f.free_window_s),
    fee_kind: f.fee_kind,
    fee_fixed_cents: toCents(f.fee_fixed),
    fee_percent_bp: Number(whole) * 100 + Number(frac.padEnd(2, '0')),
    fee_min_cents: toCents(f.fee_min),
    fee_max_cents: toCents(f.fee_max),
    no_show_wait_s: Number(f.no_show_wait_s),
    no_show_fee_cents: toCents(f.no_show_fee),
    late_driver_margin_s: Number(f.late_driver_margin_s),
    driver_share_late_cancel_pct: Number(f.driver_share_late_cancel_pct),
    driver_share_no_show_pct: Number(f.driver_share_no_show_pct),
  };
}

/** A stored policy as the form shows it. */
export function policyToForm(p: CancellationPolicyInput): CancellationPolicyForm {
  return {
    free_window_s: String(p.free_window_s),
    fee_kind: p.fee_kind,
    fee_fixed: fromCents(p.fee_fixed_cents),
    fee_percent: String(p.fee_percent_bp / 100),
    fee_min: fromCents(p.fee_min_cents),
    fee_max: fromCents(p.fee_max_cents),
    no_show_wait_s: String(p.no_show_wait_s),
    no_show_fee: fromCents(p.no_show_fee_cents),
    late_driver_margin_s: String(p.late_driver_margin_s),
    driver_share_late_cancel_pct: String(p.driver_share_late_cancel_pct),
    driver_share_no_show_pct: String(p.driver_share_no_show_pct),
  };
}

export { RIDE_TYPES };
