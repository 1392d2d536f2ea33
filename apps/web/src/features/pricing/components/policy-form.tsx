import { useId, useMemo } from 'react';
import { useFormContext } from 'react-hook-form';
import { pricingText as text } from '@openride/shared/pricing/pricing-text';
import { moneyInputValue } from '@openride/shared/money';
import { type FarePolicyFormInput, farePolicyFormSchema, policyBodyFromForm } from '@openride/shared/pricing/schemas';
import type { FarePolicy } from '@openride/shared/pricing/views';
import type { RideType } from '@openride/shared/rides/schemas';
import { FormField, useZodForm } from '@/components/ui/form';
import { toast } from '@/components/ui/use-toast';
import { VersionForm } from '@/components/ui/versioned-setting';
import { useCreateFarePolicy } from '../api/create-fare-policy';

const defaultsFrom = (p: FarePolicy | undefined, currency: string): FarePolicyFormInput => ({
  base: p ? moneyInputValue(p.base_cents, currency) : '',
  per_km: p ? moneyInputValue(p.per_km_cents, currency) : '',
  per_min: p ? moneyInputValue(p.per_min_cents, currency) : '',
  minimum: p ? moneyInputValue(p.minimum_cents, currency) : '',
  booking_fee: p ? moneyInputValue(p.booking_fee_cents, currency) : '',
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
 * Edit = a new version: the form starts from the version shown, money as typed in the city's currency (sent as
 * integer minor units), the optional night window, and when it takes effect (now, or a later date and time).
 */
export function PolicyForm({
  cityId,
  currency,
  rideType,
  scope,
  from,
  title,
  onDone,
}: {
  cityId: string;
  currency: string;
  rideType: RideType;
  scope: string | null;
  from: FarePolicy | undefined;
  title: string;
  onDone: () => void;
}) {
  const schema = useMemo(() => farePolicyFormSchema(currency), [currency]);
  const form = useZodForm(schema, { defaultValues: defaultsFrom(from, currency) });
  const save = useCreateFarePolicy(cityId);

  return (
    <VersionForm
      title={title}
      form={form}
      focus="base"
      save={save}
      words={text}
      onDone={onDone}
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
      <p className="text-xs text-ink-500">{text.money.hint(currency)}</p>
      <NightFields />
    </VersionForm>
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
