/* The promotion form: what the admin types (strings, local times), its schema, and the API's body it parses into. */
import { z } from 'zod';
import { moneyInputValue, parseMoney } from '@openride/shared/money';
import { createPromotionSchema } from '@openride/shared/promotions/schemas';
import type { Promotion } from '../api/promotions';

/** An amount as the form shows it in `currency` (none: empty). */
const shown = (minor: number | null, currency: string) => (minor === null ? '' : moneyInputValue(minor, currency));
const toLocal = (d: Date) => new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
const localNow = () => {
  const d = new Date();
  d.setSeconds(0, 0);
  return toLocal(d);
};

const server = createPromotionSchema.shape;
const amountMessage = (currency: string) => `Enter an amount in ${currency}, like ${moneyInputValue(250, currency)}`;
const countMessage = 'Enter a whole number';
/** The fields typed as amounts, read in the chosen city's currency. */
const MONEY_FIELDS = ['max_discount_cents', 'min_fare_cents', 'budget_cents'] as const;
/** A whole number as typed (empty: null). */
const count = z
  .string()
  .trim()
  .refine((v) => v === '' || /^\d+$/.test(v), countMessage)
  .transform((v) => (v === '' ? null : Number(v)));
/** A local date and time (datetime-local) → an instant. */
const localTime = z
  .string()
  .trim()
  .refine((v) => v === '' || !Number.isNaN(Date.parse(v)), 'Enter a date and time')
  .transform((v) => (v === '' ? null : new Date(v).toISOString()));

/**
 * The form's fields are named as the API's, so a refusal of the server's schema (piped into at the end: the
 * form never accepts what the server refuses) lands under the field it is about. `value` is a percentage or
 * an amount, as `kind` says. Amounts are typed in the chosen city's currency (`currencyOf` its id), by its own
 * decimals (parseMoney).
 */
export const promotionFormSchema = (currencyOf: (cityId: string) => string) =>
  z
    .object({
      city_id: server.city_id,
      code: server.code,
      kind: server.kind,
      value: z.string().trim().min(1, 'Enter a value'),
      max_discount_cents: z.string().trim(),
      min_fare_cents: z.string().trim(),
      ride_types: server.ride_types,
      zone_ids: server.zone_ids,
      valid_from: localTime.refine((v) => v !== null, 'Enter a date and time'),
      valid_to: localTime,
      budget_cents: z.string().trim(),
      max_redemptions: count,
      per_rider_limit: count.refine((v) => v !== null, countMessage),
      first_ride_only: z.boolean(),
      description: server.description,
    })
    .superRefine((f, ctx) => {
      const currency = currencyOf(f.city_id);
      const ok = f.kind === 'percent' ? /^\d+$/.test(f.value) : !Number.isNaN(parseMoney(f.value, currency) ?? Number.NaN);
      if (f.value && !ok)
        ctx.addIssue({ code: 'custom', path: ['value'], message: f.kind === 'percent' ? 'Enter a whole percentage' : amountMessage(currency) });
      for (const field of MONEY_FIELDS)
        if (Number.isNaN(parseMoney(f[field], currency))) ctx.addIssue({ code: 'custom', path: [field], message: amountMessage(currency) });
    })
    .transform((f): z.input<typeof createPromotionSchema> => {
      const currency = currencyOf(f.city_id);
      return {
        ...f,
        value: f.kind === 'percent' ? Number(f.value) : (parseMoney(f.value, currency) ?? 0),
        max_discount_cents: parseMoney(f.max_discount_cents, currency) ?? null,
        min_fare_cents: parseMoney(f.min_fare_cents, currency) ?? 0,
        budget_cents: parseMoney(f.budget_cents, currency) ?? null,
        valid_from: f.valid_from ?? '',
        per_rider_limit: f.per_rider_limit ?? 0,
      };
    })
    .pipe(createPromotionSchema);
export type FormState = z.input<ReturnType<typeof promotionFormSchema>>;
export type PromotionBody = z.output<ReturnType<typeof promotionFormSchema>>;

export const blankForm = (): FormState => ({
  city_id: '',
  code: '',
  kind: 'percent',
  value: '',
  max_discount_cents: '',
  min_fare_cents: '',
  ride_types: [],
  zone_ids: [],
  valid_from: localNow(),
  valid_to: '',
  budget_cents: '',
  max_redemptions: '',
  per_rider_limit: '1',
  first_ride_only: false,
  description: '',
});

/** The form as a promotion fills it, to edit it. */
export const formOf = (p: Promotion): FormState => ({
  city_id: p.city_id,
  code: p.code,
  kind: p.kind,
  value: p.kind === 'percent' ? String(p.value) : shown(p.value, p.currency),
  max_discount_cents: shown(p.max_discount_cents, p.currency),
  min_fare_cents: p.min_fare_cents ? shown(p.min_fare_cents, p.currency) : '',
  ride_types: p.ride_types,
  zone_ids: p.zone_ids,
  valid_from: toLocal(new Date(p.valid_from)),
  valid_to: p.valid_to ? toLocal(new Date(p.valid_to)) : '',
  budget_cents: shown(p.budget_cents, p.currency),
  max_redemptions: p.max_redemptions === null ? '' : String(p.max_redemptions),
  per_rider_limit: String(p.per_rider_limit),
  first_ride_only: p.first_ride_only,
  description: p.description,
});
