import { useId } from 'react';
import { z } from 'zod';
import { pricingText as text } from '@openride/shared/pricing/pricing-text';
import { RIDE_TYPE_NAMES, RIDE_TYPES, rideTypeSchema } from '@openride/shared/rides/schemas';
import { text as textField } from '@openride/shared/text';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { MutationError } from '@/components/ui/query-view';
import { useSimulateFare } from '../api/simulate-fare';
import { formatCents } from '../lib/money';
import { scopeLabel } from '../lib/policy-format';
import type { PricingZone } from './pricing-settings-page';

/** The panel's fields as typed: kilometres and minutes (the API takes metres and seconds). */
const simulateFormSchema = z.object({
  distance_km: textField()
    .trim()
    .regex(/^\d+(\.\d+)?$/, text.simulate.distanceInvalid)
    .transform(Number)
    .pipe(z.number().max(1000, text.simulate.distanceInvalid)),
  duration_min: textField()
    .trim()
    .regex(/^\d+(\.\d+)?$/, text.simulate.durationInvalid)
    .transform(Number)
    .pipe(z.number().max(1440, text.simulate.durationInvalid)),
  ride_type: rideTypeSchema,
  zone: textField(),
  at: textField().trim(),
});

/** Simulate fare: distance, duration, ride type, zone and time → the fare from the policy in force then, line by line. */
export function SimulatePanel({
  cityId,
  currency,
  timeZone,
  scopes,
  zones,
}: {
  cityId: string;
  currency: string;
  timeZone: string;
  scopes: string[];
  zones: readonly PricingZone[];
}) {
  const form = useZodForm(simulateFormSchema, { defaultValues: { distance_km: '8', duration_min: '20', ride_type: 'economy', zone: '', at: '' } });
  const simulate = useSimulateFare();
  const headingId = useId();
  const rideTypeId = useId();
  const zoneId = useId();
  const result = simulate.data;

  return (
    <section aria-labelledby={headingId} className="space-y-4 rounded-2xl border border-ink-200 bg-white p-4 sm:p-5">
      <h2 id={headingId} className="text-xl font-semibold text-ink-900">
        {text.simulate.title}
      </h2>
      <Form
        form={form}
        className="grid grid-cols-2 gap-3 md:grid-cols-5 md:items-start"
        onSubmit={(v) =>
          simulate.mutate({
            city: cityId,
            zone_id: v.zone || null,
            ride_type: v.ride_type,
            distance_m: Math.round(v.distance_km * 1000),
            duration_s: Math.round(v.duration_min * 60),
            ...(v.at ? { at: new Date(v.at).toISOString() } : {}),
          })
        }
      >
        <FormField name="distance_km" label={text.simulate.distance} inputMode="decimal" autoComplete="off" />
        <FormField name="duration_min" label={text.simulate.duration} inputMode="decimal" autoComplete="off" />
        <div className="space-y-1.5">
          <label htmlFor={rideTypeId} className="block text-sm font-medium text-ink-800">
            {text.simulate.rideType}
          </label>
          <select id={rideTypeId} className={inputClasses} {...form.register('ride_type')}>
            {RIDE_TYPES.map((t) => (
              <option key={t} value={t}>
                {RIDE_TYPE_NAMES[t]}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1.5">
          <label htmlFor={zoneId} className="block text-sm font-medium text-ink-800">
            {text.simulate.zone}
          </label>
          <select id={zoneId} className={inputClasses} {...form.register('zone')}>
            <option value="">{text.cityDefault}</option>
            {scopes.map((id) => (
              <option key={id} value={id}>
                {scopeLabel(id, zones)}
              </option>
            ))}
          </select>
        </div>
        <FormField name="at" label={text.simulate.at} hint={text.simulate.atHint(timeZone)} type="datetime-local" className="col-span-2 md:col-span-1" />
        <div className="col-span-2 md:col-span-5">
          <Button type="submit" disabled={simulate.isPending}>
            {simulate.isPending ? text.simulate.running : text.simulate.run}
          </Button>
        </div>
      </Form>

      <MutationError error={simulate.error} fallback={text.simulate.failed} />
      {result ? (
        <div aria-live="polite" className="space-y-2">
          <p className="text-sm text-ink-600">{text.simulate.policy(result.policy.version, scopeLabel(result.policy.zone_id, zones))}</p>
          <dl className="divide-y divide-ink-100 rounded-xl bg-ink-50 text-sm">
            {result.lines.map((line) => (
              <div key={line.key} className="flex justify-between gap-4 px-3 py-2">
                <dt className="text-ink-700">{line.label}</dt>
                <dd className="font-medium tabular-nums text-ink-900">{formatCents(line.amount_cents, currency)}</dd>
              </div>
            ))}
            <div className="flex justify-between gap-4 px-3 py-2 font-semibold">
              <dt>{text.simulate.total}</dt>
              <dd className="tabular-nums">{formatCents(result.breakdown.total_cents, currency)}</dd>
            </div>
          </dl>
        </div>
      ) : null}
    </section>
  );
}
