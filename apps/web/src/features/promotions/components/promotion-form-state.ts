/* The promotion form: what the admin types (strings, local times), its schema, and the API's body it parses into. */
import { z } from 'zod';
import { createPromotionSchema } from '@openride/shared/promotions/schemas';
import type { Promotion } from '../api/promotions';

/** Dollars and cents typed, minor units sent (empty: none). */
const toCents = (value: string) => (value.trim() === '' ? null : Math.round(Number(value.replace(',', '.')) * 100));
const fromCents = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2));
const toLocal = (d: Date) => new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
const localNow = () => {
  const d = new Date();
  d.setSeconds(0, 0);
  return toLocal(d);
};

const server = createPromotionSchema.shape;
const AMOUNT = /^\d+([.,]\d{1,2})?$/;
const amountMessage = 'Enter an amount like 2.50';
const countMessage = 'Enter a whole number';
/** An amount as typed → cents (empty: null). */
const money = z
  .string()
  .trim()
  .refine((v) => v === '' || AMOUNT.test(v), amountMessage)
  .transform(toCents);
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
 * an amount, as `kind` says.
 */
export const promotionFormSchema = z
  .object({
    city_id: server.city_id,
    code: server.code,
    kind: server.kind,
    value: z.string().trim().min(1, 'Enter a value'),
    max_discount_cents: money,
    min_fare_cents: money,
    ride_types: server.ride_types,
    zone_ids: server.zone_ids,
    valid_from: localTime.refine((v) => v !== null, 'Enter a date and time'),
    valid_to: localTime,
    budget_cents: money,
    max_redemptions: count,
    per_rider_limit: count.refine((v) => v !== null, countMessage),
    first_ride_only: z.boolean(),
    description: server.description,
  })
  .superRefine((f, ctx) => {
    const ok = f.kind === 'percent' ? /^\d+$/.test(f.value) : AMOUNT.test(f.value);
    if (f.value && !ok) ctx.addIssue({ code: 'custom', path: ['value'], message: f.kind === 'percent' ? 'Enter a whole percentage' : amountMessage });
  })
  .transform(
    (f): z.input<typeof createPromotionSchema> => ({
      ...f,
      value: f.kind === 'percent' ? Number(f.value) : (toCents(f.value) ?? 0),
      min_fare_cents: f.min_fare_cents ?? 0,
      valid_from: f.valid_from ?? '',
      per_rider_limit: f.per_rider_limit ?? 0,
    }),
  )
  .pipe(createPromotionSchema);
export type FormState = z.input<typeof promotionFormSchema>;
export type PromotionBody = z.output<typeof promotionFormSchema>;

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
  value: p.kind === 'percent' ? String(p.value) : fromCents(p.value),
  max_discount_cents: fromCents(p.max_discount_cents),
  min_fare_cents: p.min_fare_cents ? fromCents(p.min_fare_cents) : '',
  ride_types: p.ride_types,
  zone_ids: p.zone_ids,
  valid_from: toLocal(new Date(p.valid_from)),
  valid_to: p.valid_to ? toLocal(new Date(p.valid_to)) : '',
  budget_cents: fromCents(p.budget_cents),
  max_redemptions: p.max_redemptions === null ? '' : String(p.max_redemptions),
  per_rider_limit: String(p.per_rider_limit),
  first_ride_only: p.first_ride_only,
  description: p.description,
});
