/* The promotion form's state: what the admin types (strings, local times) to and from what the API reads and sends. */
import type { RideType } from '@openride/shared/rides/schemas';
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

export type FormState = {
  city_id: string;
  code: string;
  kind: 'percent' | 'amount';
  value: string;
  max_discount: string;
  min_fare: string;
  ride_types: RideType[];
  zone_ids: string[];
  valid_from: string;
  valid_to: string;
  budget: string;
  max_redemptions: string;
  per_rider: string;
  first_ride_only: boolean;
  description: string;
};

export const blankForm = (): FormState => ({
  city_id: '',
  code: '',
  kind: 'percent',
  value: '',
  max_discount: '',
  min_fare: '',
  ride_types: [],
  zone_ids: [],
  valid_from: localNow(),
  valid_to: '',
  budget: '',
  max_redemptions: '',
  per_rider: '1',
  first_ride_only: false,
  description: '',
});

/** The form as a promotion fills it, to edit it. */
export const formOf = (p: Promotion): FormState => ({
  city_id: p.city_id,
  code: p.code,
  kind: p.kind,
  value: p.kind === 'percent' ? String(p.value) : fromCents(p.value),
  max_discount: fromCents(p.max_discount_cents),
  min_fare: p.min_fare_cents ? fromCents(p.min_fare_cents) : '',
  ride_types: p.ride_types,
  zone_ids: p.zone_ids,
  valid_from: toLocal(new Date(p.valid_from)),
  valid_to: p.valid_to ? toLocal(new Date(p.valid_to)) : '',
  budget: fromCents(p.budget_cents),
  max_redemptions: p.max_redemptions === null ? '' : String(p.max_redemptions),
  per_rider: String(p.per_rider_limit),
  first_ride_only: p.first_ride_only,
  description: p.description,
});

/** Every field as the API reads it. */
export const bodyOf = (form: FormState, cityId: string) => ({
  city_id: cityId,
  code: form.code,
  kind: form.kind,
  value: form.kind === 'percent' ? Number(form.value) : (toCents(form.value) ?? 0),
  max_discount_cents: toCents(form.max_discount),
  min_fare_cents: toCents(form.min_fare) ?? 0,
  ride_types: form.ride_types,
  zone_ids: form.zone_ids,
  valid_from: new Date(form.valid_from).toISOString(),
  valid_to: form.valid_to ? new Date(form.valid_to).toISOString() : null,
  budget_cents: toCents(form.budget),
  max_redemptions: form.max_redemptions.trim() ? Number(form.max_redemptions) : null,
  per_rider_limit: Number(form.per_rider),
  first_ride_only: form.first_ride_only,
  description: form.description,
});
