import { useState, type FormEvent } from 'react';
import { createCitySchema } from '@openride/shared/zones/schemas';
import { zonesText as text } from '@openride/shared/zones/zones-text';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { toast } from '@/components/ui/use-toast';
import { isApiError } from '@/lib/api';
import { type AdminCity, useCreateCity } from '../api/zones';

type Values = { id: string; name: string; currency: string; timezone: string; center_lat: string; center_lng: string };
const EMPTY: Values = { id: '', name: '', currency: '', timezone: '', center_lat: '', center_lng: '' };

/** Add a city: its id, name, currency, IANA time zone and where the map opens (checked as the server checks). */
export function AddCityForm({ onDone, onCancel }: { onDone: (city: AdminCity) => void; onCancel: () => void }) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Values | 'form', string>>>({});
  const create = useCreateCity();
  const set = (key: keyof Values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = createCitySchema.safeParse(values);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? 'form'), i.message])));
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (city) => {
        toast({ title: text.cityAdded(city.name) });
        onDone(city);
      },
      onError: (e) => setErrors({ form: isApiError(e) ? e.message : text.loadFailed }),
    });
  }

  const field = (key: keyof Values, label: string, hint?: string, extra: Record<string, string> = {}) => (
    <div>
      <Field label={label} hint={hint} value={values[key]} onChange={set(key)} aria-invalid={errors[key] ? true : undefined} aria-errormessage={errors[key] ? `city-${key}-error` : undefined} {...extra} />
      {errors[key] ? (
        <p id={`city-${key}-error`} className="mt-1 text-sm text-red-700">
          {errors[key]}
        </p>
      ) : null}
    </div>
  );

  return (
    <form onSubmit={submit} className="space-y-4 rounded-2xl border border-ink-200 bg-white p-4" aria-labelledby="add-city-title" noValidate>
      <h2 id="add-city-title" className="text-lg font-semibold text-ink-900">
        {text.addCityTitle}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        {field('id', text.cityFields.id, text.cityFields.idHint, { autoComplete: 'off' })}
        {field('name', text.cityFields.name)}
        {field('currency', text.cityFields.currency, text.cityFields.currencyHint, { maxLength: '3', autoComplete: 'off' })}
        {field('timezone', text.cityFields.timezone, text.cityFields.timezoneHint, { autoComplete: 'off' })}
        {field('center_lat', text.cityFields.centerLat, undefined, { inputMode: 'decimal' })}
        {field('center_lng', text.cityFields.centerLng, undefined, { inputMode: 'decimal' })}
      </div>
      {errors.form ? (
        <p role="alert" className="text-sm text-red-700">
          {errors.form}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={create.isPending}>
          {text.saveCity}
        </Button>
        <Button variant="outline" onClick={onCancel}>
          {text.cancel}
        </Button>
      </div>
    </form>
  );
}
