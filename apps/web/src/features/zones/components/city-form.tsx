import { createCitySchema, updateCitySchema } from '@openride/shared/zones/schemas';
import { zonesText as text } from '@openride/shared/zones/zones-text';
import { Button } from '@/components/ui/button';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { MutationError } from '@/components/ui/query-view';
import { toast } from '@/components/ui/use-toast';
import { type AdminCity, useCreateCity, useUpdateCity } from '../api/zones';

type Values = {
  id: string;
  name: string;
  currency: string;
  timezone: string;
  center_lat: string;
  center_lng: string;
  emergency_number: string;
  country: string;
};
const EMPTY: Values = { id: '', name: '', currency: '', timezone: '', center_lat: '', center_lng: '', emergency_number: '', country: '' };
/** A city's fields as the form shows them (its id and the rest of the city aside: the edit's schema is strict). */
const valuesOf = (c: AdminCity): Omit<Values, 'id'> => ({
  name: c.name,
  currency: c.currency,
  timezone: c.timezone,
  center_lat: String(c.center_lat),
  center_lng: String(c.center_lng),
  emergency_number: c.emergency_number ?? '',
  country: c.country ?? '',
});

/**
 * Add a city (its id, name, currency, IANA time zone, where the map opens, its emergency number), or edit one
 * (`city` given: the id stays; only the fields that changed are sent). The kit's form on the server's schemas.
 */
export function CityForm({ city, onDone, onCancel }: { city?: AdminCity; onDone: (city: AdminCity) => void; onCancel: () => void }) {
  return city ? <EditCity city={city} onDone={onDone} onCancel={onCancel} /> : <AddCity onDone={onDone} onCancel={onCancel} />;
}

function AddCity({ onDone, onCancel }: { onDone: (city: AdminCity) => void; onCancel: () => void }) {
  const create = useCreateCity();
  const form = useZodForm(createCitySchema, { defaultValues: EMPTY });
  return (
    <Form
      form={form}
      onSubmit={(values) => create.mutate(values, { onSuccess: (c) => (toast({ title: text.cityAdded(c.name) }), onDone(c)) })}
      className={FORM}
      aria-labelledby="add-city-title"
    >
      <h2 id="add-city-title" className="text-lg font-semibold text-ink-900">
        {text.addCityTitle}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField name="id" label={text.cityFields.id} hint={text.cityFields.idHint} autoComplete="off" />
        <CityFields />
      </div>
      <MutationError error={create.error} fallback={text.loadFailed} />
      <Actions pending={create.isPending} onCancel={onCancel} />
    </Form>
  );
}

function EditCity({ city, onDone, onCancel }: { city: AdminCity; onDone: (city: AdminCity) => void; onCancel: () => void }) {
  const update = useUpdateCity();
  const form = useZodForm(updateCitySchema, { defaultValues: valuesOf(city) });
  // Only what changed is sent.
  const save = (values: Record<string, unknown>) => {
    const dirty = form.formState.dirtyFields as Partial<Record<string, boolean>>;
    const changed = Object.fromEntries(Object.entries(values).filter(([k]) => dirty[k]));
    update.mutate({ id: city.id, ...changed }, { onSuccess: (c) => (toast({ title: text.citySaved(c.name) }), onDone(c)) });
  };
  return (
    <Form form={form} onSubmit={save} className={FORM} aria-labelledby="edit-city-title">
      <h2 id="edit-city-title" className="text-lg font-semibold text-ink-900">
        {text.editCityTitle(city.name)}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <CityFields />
      </div>
      <MutationError error={update.error} fallback={text.loadFailed} />
      <Actions pending={update.isPending} onCancel={onCancel} />
    </Form>
  );
}

const FORM = 'space-y-4 rounded-2xl border border-ink-200 bg-white p-4';

/** A city's fields but its id (which an edit keeps). */
function CityFields() {
  return (
    <>
      <FormField name="name" label={text.cityFields.name} />
      <FormField name="currency" label={text.cityFields.currency} hint={text.cityFields.currencyHint} maxLength={3} autoComplete="off" />
      <FormField name="timezone" label={text.cityFields.timezone} hint={text.cityFields.timezoneHint} autoComplete="off" />
      <FormField name="center_lat" label={text.cityFields.centerLat} inputMode="decimal" />
      <FormField name="center_lng" label={text.cityFields.centerLng} inputMode="decimal" />
      <FormField
        name="emergency_number"
        label={text.cityFields.emergencyNumber}
        hint={text.cityFields.emergencyNumberHint}
        inputMode="tel"
        autoComplete="off"
      />
      <FormField name="country" label={text.cityFields.country} hint={text.cityFields.countryHint} maxLength={2} autoComplete="off" />
    </>
  );
}

function Actions({ pending, onCancel }: { pending: boolean; onCancel: () => void }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="submit" disabled={pending}>
        {text.saveCity}
      </Button>
      <Button variant="outline" onClick={onCancel}>
        {text.cancel}
      </Button>
    </div>
  );
}
