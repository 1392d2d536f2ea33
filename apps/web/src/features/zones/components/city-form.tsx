import { useState, type FormEvent } from 'react';
import { createCitySchema, updateCitySchema } from '@openride/shared/zones/schemas';
import { zonesText as text } from '@openride/shared/zones/zones-text';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { toast } from '@/components/ui/use-toast';
import { isApiError } from '@/lib/api';
import { type AdminCity, useCreateCity, useUpdateCity } from '../api/zones';
import { MutationError } from '@/components/ui/query-view';

type Values = { id: string; name: string; currency: string; timezone: string; center_lat: string; center_lng: string; emergency_number: string };
const EMPTY: Values = { id: '', name: '', currency: '', timezone: '', center_lat: '', center_lng: '', emergency_number: '' };
const valuesOf = (c: AdminCity): Values => ({
  ...c,
  center_lat: String(c.center_lat),
  center_lng: String(c.center_lng),
  emergency_number: c.emergency_number ?? '',
});

/**
 * Add a city (its id, name, currency, IANA time zone, where the map opens, its emergency number), or edit one
 * (`city` given: the id stays; only the fields that changed are sent). Checked as the server checks.
 */
export function CityForm({ city, onDone, onCancel }: { city?: AdminCity; onDone: (city: AdminCity) => void; onCancel: () => void }) {
  const [values, setValues] = useState<Values>(city ? valuesOf(city) : EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Values | 'form', string>>>({});
  const create = useCreateCity();
  const update = useUpdateCity();
  const pending = create.isPending || update.isPending;
  const set = (key: keyof Values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value }));
  const titleId = city ? 'edit-city-title' : 'add-city-title';

  function submit(event: FormEvent) {
    event.preventDefault();
    const onError = (e: unknown) => setErrors({ form: isApiError(e) ? e.message : text.loadFailed });
    if (city) {
      const was = valuesOf(city);
      const changed = Object.fromEntries(Object.entries(values).filter(([k, v]) => k !== 'id' && v !== was[k as keyof Values]));
      const parsed = updateCitySchema.safeParse(changed);
      if (!parsed.success) return setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? 'form'), i.message])));
      setErrors({});
      update.mutate({ id: city.id, ...parsed.data }, { onSuccess: (c) => (toast({ title: text.citySaved(c.name) }), onDone(c)), onError });
      return;
    }
    const parsed = createCitySchema.safeParse(values);
    if (!parsed.success) return setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? 'form'), i.message])));
    setErrors({});
    create.mutate(parsed.data, { onSuccess: (c) => (toast({ title: text.cityAdded(c.name) }), onDone(c)), onError });
  }

  const field = (key: keyof Values, label: string, hint?: string, extra: Record<string, string | boolean> = {}) => (
    <div>
      <Field
        label={label}
        hint={hint}
        value={values[key]}
        onChange={set(key)}
        aria-invalid={errors[key] ? true : undefined}
        aria-errormessage={errors[key] ? `city-${key}-error` : undefined}
        {...extra}
      />
      {errors[key] ? (
        <p id={`city-${key}-error`} className="mt-1 text-sm text-red-700">
          {errors[key]}
        </p>
      ) : null}
    </div>
  );

  return (
    <form onSubmit={submit} className="space-y-4 rounded-2xl border border-ink-200 bg-white p-4" aria-labelledby={titleId} noValidate>
      <h2 id={titleId} className="text-lg font-semibold text-ink-900">
        {city ? text.editCityTitle(city.name) : text.addCityTitle}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        {city ? null : field('id', text.cityFields.id, text.cityFields.idHint, { autoComplete: 'off' })}
        {field('name', text.cityFields.name)}
        {field('currency', text.cityFields.currency, text.cityFields.currencyHint, { maxLength: '3', autoComplete: 'off' })}
        {field('timezone', text.cityFields.timezone, text.cityFields.timezoneHint, { autoComplete: 'off' })}
        {field('center_lat', text.cityFields.centerLat, undefined, { inputMode: 'decimal' })}
        {field('center_lng', text.cityFields.centerLng, undefined, { inputMode: 'decimal' })}
        {field('emergency_number', text.cityFields.emergencyNumber, text.cityFields.emergencyNumberHint, { inputMode: 'tel', autoComplete: 'off' })}
      </div>
      <MutationError error={errors.form}>{errors.form}</MutationError>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          {text.saveCity}
        </Button>
        <Button variant="outline" onClick={onCancel}>
          {text.cancel}
        </Button>
      </div>
    </form>
  );
}
