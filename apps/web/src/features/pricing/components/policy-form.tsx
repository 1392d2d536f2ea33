import { useEffect, useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { pricingText as text } from '@openride/shared/pricing/pricing-text';
import { centsToDollars, type FarePolicyFormInput, farePolicyFormSchema, policyBodyFromForm } from '@openride/shared/pricing/schemas';
import type { FarePolicy } from '@openride/shared/pricing/views';
import type { RideType } from '@openride/shared/rides/schemas';
import { Button } from '@/components/ui/button';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { toast } from '@/components/ui/use-toast';
import { MutationError } from '@/components/ui/query-view';
import { useCreateFarePolicy } from '../api/create-fare-policy';

const defaultsFrom = (p: FarePolicy | undefined): FarePolicyFormInput => ({
  base: p ? centsToDollars(p.base_cents) : '',
  per_km: p ? centsToDollars(p.per_km_cents) : '',
  per_min: p ? centsToDollars(p.per_min_cents) : '',
  minimum: p ? centsToDollars(p.minimum_cents) : '',
  booking_fee: p ? centsToDollars(p.booking_fee_cents) : '',
  seats: p ? String(p.seats) : '4',
  night_enabled: Boolean(p?.night),
  night_multiplier: p?.night ? String(p.night.multiplier) : '1.2',
  night_start: p?.night?.start ?? '22:00',
  night_end: p?.night?.end ?? '05:00',
  effective: 'now',
  effective_at: '',
  note: '',
});

/**
 * Edit = a new version: the form starts from the version shown, money in dollars and cents (sent as integer
 * cents), the optional night window, and when it takes effect (now, or a later date and time).
 */
export function PolicyForm({
  cityId,
  rideType,
  scope,
  from,
  title,
  onDone,
}: {
  cityId: string;
  rideType: RideType;
  scope: string | null;
  from: FarePolicy | undefined;
  title: string;
  onDone: () => void;
}) {
  const form = useZodForm(farePolicyFormSchema, { defaultValues: defaultsFrom(from) });
  const save = useCreateFarePolicy(cityId);
  const headingId = useId();
  useEffect(() => form.setFocus('base'), [form]);

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-ink-200 p-3 sm:p-4">
      <h3 id={headingId} className="mb-3 font-semibold text-ink-900">
        {title}
      </h3>
      <Form
        form={form}
        className="space-y-4"
        onSubmit={(values) =>
          save.mutate(policyBodyFromForm(values, { zone_id: scope, ride_type: rideType }), {
            onSuccess: ({ policy }) => {
              toast({ title: text.saved(policy.version) });
              onDone();
            },
          })
        }
      >
        <div className="grid grid-cols-2 gap-3">
          <FormField name="base" label={text.fields.base_cents} inputMode="decimal" autoComplete="off" />
          <FormField name="per_km" label={text.fields.per_km_cents} inputMode="decimal" autoComplete="off" />
          <FormField name="per_min" label={text.fields.per_min_cents} inputMode="decimal" autoComplete="off" />
          <FormField name="minimum" label={text.fields.minimum_cents} inputMode="decimal" autoComplete="off" />
          <FormField name="booking_fee" label={text.fields.booking_fee_cents} inputMode="decimal" autoComplete="off" />
          <FormField name="seats" label={text.fields.seats} inputMode="numeric" autoComplete="off" />
        </div>
        <p className="text-xs text-ink-500">{text.money.hint}</p>
        <NightFields />
        <EffectiveFields />
        <FormField name="note" label={text.note} autoComplete="off" />
        <MutationError error={save.error} fallback={text.saveFailed} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? text.saving : text.save}
          </Button>
          <Button variant="ghost" onClick={onDone}>
            {text.cancel}
          </Button>
        </div>
      </Form>
    </section>
  );
}

function NightFields() {
  const { register, watch } = useFormContext<FarePolicyFormInput>();
  const id = useId();
  const enabled = watch('night_enabled');
  return (
    <fieldset className="space-y-3">
      <div className="flex min-h-11 items-center gap-2">
        <input id={id} type="checkbox" className="size-5 accent-ink-900" {...register('night_enabled')} />
        <label htmlFor={id} className="text-sm font-medium text-ink-800">
          {text.nightEnabled}
        </label>
      </div>
      {enabled ? (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <FormField name="night_multiplier" label={text.nightMultiplier} hint={text.nightMultiplierHint} inputMode="decimal" autoComplete="off" />
          <FormField name="night_start" label={text.nightStart} type="time" />
          <FormField name="night_end" label={text.nightEnd} type="time" />
        </div>
      ) : null}
    </fieldset>
  );
}

function EffectiveFields() {
  const { register, watch } = useFormContext<FarePolicyFormInput>();
  const id = useId();
  const when = watch('effective');
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-ink-800">{text.effective}</legend>
      <div className="flex flex-wrap gap-x-6">
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="radio" value="now" className="size-5 accent-ink-900" {...register('effective')} />
          {text.effectiveNow}
        </label>
        <label htmlFor={`${id}-at`} className="flex min-h-11 items-center gap-2 text-sm">
          <input id={`${id}-at`} type="radio" value="at" className="size-5 accent-ink-900" {...register('effective')} />
          {text.effectiveAt}
        </label>
      </div>
      {when === 'at' ? <FormField name="effective_at" label={text.effectiveAtLabel} type="datetime-local" /> : null}
    </fieldset>
  );
}
