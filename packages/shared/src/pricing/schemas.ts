import { z } from 'zod';
import { moneyField } from '../money-schema';
import { text } from '../text';
import { rideTypeSchema } from '../rides/schemas';
import { MULTIPLIER_MAX, MULTIPLIER_MIN, parseTimeOfDay } from './fare-policy';
import { pricingText } from './pricing-text';

/** Integer minor units (cents), never negative; 1,000,000 cents ($10,000) is far above any fare line. */
export const MAX_POLICY_CENTS = 1_000_000;
/** An effective date may lag the server's clock by this much (the admin's clock, the request's flight). */
export const EFFECTIVE_PAST_TOLERANCE_MS = 2 * 60 * 1000;

const cents = (label: string) =>
  z
    .number(`${label} must be a number of cents`)
    .int(`${label} must be a whole number of cents`)
    .min(0, `${label} cannot be negative`)
    .max(MAX_POLICY_CENTS, `${label} is too large`);

const twoDecimals = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-9;

const timeOfDay = text().refine((v) => parseTimeOfDay(v) !== null, pricingText.nightTimeInvalid);

/** The optional time-of-day multiplier window, as the wire carries it: 'HH:MM' local times, may wrap midnight. */
export const timeWindowInputSchema = z
  .strictObject({
    multiplier: z
      .number()
      .min(MULTIPLIER_MIN, pricingText.nightMultiplierInvalid)
      .max(MULTIPLIER_MAX, pricingText.nightMultiplierInvalid)
      .refine(twoDecimals, pricingText.nightMultiplierInvalid),
    start: timeOfDay,
    end: timeOfDay,
  })
  .refine((w) => w.start !== w.end, { message: pricingText.nightSameTimes, path: ['end'] });
export type TimeWindowInput = z.infer<typeof timeWindowInputSchema>;

/**
 * `POST /api/admin/pricing/:city/policies`: a new version for one scope (zone_id null = the city default)
 * and ride type. `effective_from` null or absent: now; else a time now or later (a past time beyond
 * `EFFECTIVE_PAST_TOLERANCE_MS` is refused). Editing never changes an old version.
 */
export const farePolicyInputSchema = z.strictObject({
  zone_id: z.uuid('The zone must be a zone id').nullable().default(null),
  ride_type: rideTypeSchema,
  base_cents: cents('The base fare'),
  per_km_cents: cents('The price per km'),
  per_min_cents: cents('The price per minute'),
  minimum_cents: cents('The minimum fare'),
  booking_fee_cents: cents('The booking fee'),
  seats: z.number().int(pricingText.seatsInvalid).min(1, pricingText.seatsInvalid).max(20, pricingText.seatsInvalid),
  night: timeWindowInputSchema.nullable().default(null),
  effective_from: z.iso.datetime({ offset: true, message: 'The effective date must be an ISO date-time' }).nullable().default(null),
  note: text().trim().max(500).nullable().default(null),
});
export type FarePolicyInput = z.input<typeof farePolicyInputSchema>;

/** `POST /api/admin/pricing/simulate`: the fare a trip would get, line by line. `at` absent: now. */
export const simulateFareSchema = z.strictObject({
  city: text().trim().min(1).max(100),
  zone_id: z.uuid('The zone must be a zone id').nullable().default(null),
  ride_type: rideTypeSchema,
  distance_m: z.number().min(0, pricingText.simulate.distanceInvalid).max(1_000_000, pricingText.simulate.distanceInvalid),
  duration_s: z.number().min(0, pricingText.simulate.durationInvalid).max(86_400, pricingText.simulate.durationInvalid),
  at: z.iso.datetime({ offset: true }).optional(),
});
export type SimulateFareInput = z.input<typeof simulateFareSchema>;

/** An amount as typed in the city's currency ('2.50' USD, '250' JPY) → integer minor units, at most `MAX_POLICY_CENTS`. */
const amountSchema = (currency: string) => moneyField(currency, pricingText.money.invalid(currency), { max: MAX_POLICY_CENTS });

/**
 * The /pricing-settings form: money as typed in the city's `currency` (its own decimals), turned into the API's
 * integer minor units on submit (`policyBodyFromForm`), with the same limits as `farePolicyInputSchema`. A form
 * shows a stored amount with `moneyInputValue`.
 */
export const farePolicyFormSchema = (currency: string) =>
  z
    .object({
      base: amountSchema(currency),
      per_km: amountSchema(currency),
      per_min: amountSchema(currency),
      minimum: amountSchema(currency),
      booking_fee: amountSchema(currency),
      seats: text()
        .trim()
        .regex(/^\d{1,2}$/, pricingText.seatsInvalid)
        .transform(Number)
        .pipe(z.number().int().min(1, pricingText.seatsInvalid).max(20, pricingText.seatsInvalid)),
      night_enabled: z.boolean(),
      night_multiplier: text().trim(),
      night_start: text().trim(),
      night_end: text().trim(),
      effective: z.enum(['now', 'at']),
      effective_at: text().trim(),
      note: text().trim().max(500),
    })
    .superRefine((v, ctx) => {
      if (v.night_enabled) {
        const m = Number(v.night_multiplier);
        if (!/^\d(\.\d{1,2})?$/.test(v.night_multiplier) || m < MULTIPLIER_MIN || m > MULTIPLIER_MAX)
          ctx.addIssue({ code: 'custom', path: ['night_multiplier'], message: pricingText.nightMultiplierInvalid });
        if (parseTimeOfDay(v.night_start) === null) ctx.addIssue({ code: 'custom', path: ['night_start'], message: pricingText.nightTimeInvalid });
        if (parseTimeOfDay(v.night_end) === null) ctx.addIssue({ code: 'custom', path: ['night_end'], message: pricingText.nightTimeInvalid });
        else if (v.night_start === v.night_end) ctx.addIssue({ code: 'custom', path: ['night_end'], message: pricingText.nightSameTimes });
      }
      if (v.effective === 'at' && (!v.effective_at || Number.isNaN(new Date(v.effective_at).getTime()))) {
        ctx.addIssue({ code: 'custom', path: ['effective_at'], message: pricingText.effectiveAtRequired });
      }
    });
export type FarePolicyFormInput = z.input<ReturnType<typeof farePolicyFormSchema>>;
export type FarePolicyFormOutput = z.output<ReturnType<typeof farePolicyFormSchema>>;

/** The form's values → the API's body for one scope and ride type. `effective_at` is a local date-time ('2026-11-25T22:00'). */
export function policyBodyFromForm(v: FarePolicyFormOutput, scope: { zone_id: string | null; ride_type: z.infer<typeof rideTypeSchema> }): FarePolicyInput {
  return {
    zone_id: scope.zone_id,
    ride_type: scope.ride_type,
    base_cents: v.base,
    per_km_cents: v.per_km,
    per_min_cents: v.per_min,
    minimum_cents: v.minimum,
    booking_fee_cents: v.booking_fee,
    seats: v.seats,
    night: v.night_enabled ? { multiplier: Number(v.night_multiplier), start: v.night_start, end: v.night_end } : null,
    effective_from: v.effective === 'at' ? new Date(v.effective_at).toISOString() : null,
    note: v.note || null,
  };
}
