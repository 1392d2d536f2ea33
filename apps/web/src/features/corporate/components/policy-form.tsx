import { useMemo } from 'react';
import { useFieldArray } from 'react-hook-form';
import { corporateText } from '@openride/shared/corporate/corporate-text';
import { describeHours } from '@openride/shared/corporate/policy';
import type { CompanyPolicy } from '@openride/shared/corporate/schemas';
import { Button } from '@/components/ui/button';
import { CheckboxGroupField, RideTypeChecks } from '@/components/ui/checkbox-group';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import type { CompanyDetail } from '../api/corporate';
import { policyFormSchema, policyFormValues } from './company-form-schemas';

const text = corporateText;

const DAYS = [
  { value: 1, label: 'Mon' },
  { value: 2, label: 'Tue' },
  { value: 3, label: 'Wed' },
  { value: 4, label: 'Thu' },
  { value: 5, label: 'Fri' },
  { value: 6, label: 'Sat' },
  { value: 7, label: 'Sun' },
] as const;

/**
 * A company's ride policy: ride types, per-ride limit, monthly budget, allowed hours, approved pickup addresses,
 * expense codes. The kit's form on the server's policy schema (`policyFormSchema`): each refusal under its field.
 */
export function PolicyForm({
  detail,
  onSave,
  saving,
}: {
  detail: CompanyDetail;
  onSave: (body: CompanyPolicy & { version: number }) => void;
  saving: boolean;
}) {
  const p = detail.policy;
  const currency = detail.company.currency;
  const schema = useMemo(() => policyFormSchema(currency), [currency]);
  const form = useZodForm(schema, { defaultValues: policyFormValues(p, currency) });
  const addresses = useFieldArray({ control: form.control, name: 'addresses' });
  const [hoursOn, days, from, to] = form.watch(['hoursOn', 'days', 'from', 'to']);
  return (
    <Form
      form={form}
      onSubmit={(policy) => onSave({ version: p.version, ...policy })}
      aria-labelledby={`policy-${detail.company.id}`}
      className="space-y-4 rounded-2xl bg-ink-50 p-4"
    >
      <h3 id={`policy-${detail.company.id}`} className="text-lg font-semibold text-ink-900">
        Ride policy
      </h3>
      <RideTypeChecks name="ride_types" legend="Allowed ride types" />
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField name="limit" label="Per-ride limit" hint="Empty: no limit" inputMode="decimal" />
        <FormField name="budget" label="Monthly budget per member" hint="Empty: no budget" inputMode="decimal" />
        <FormField name="radius" label="Radius around approved addresses (m)" inputMode="numeric" />
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-ink-800">Allowed hours ({detail.company.time_zone})</legend>
        <label className="inline-flex min-h-11 items-center gap-2 text-sm">
          <input type="checkbox" className="size-4" {...form.register('hoursOn')} />
          Only on these days and hours
        </label>
        {hoursOn ? (
          <div className="space-y-2">
            <CheckboxGroupField
              name="days"
              legend="Days"
              legendClassName="sr-only"
              options={DAYS}
              optionOrder
              labelClassName="inline-flex min-h-11 items-center gap-1.5 text-sm"
            />
            <div className="grid max-w-sm grid-cols-2 gap-3">
              <FormField name="from" label="From" type="time" />
              <FormField name="to" label="To" type="time" />
            </div>
            <p className="text-xs text-ink-600">{text.hoursHint}</p>
            {days.length > 0 && from !== to ? (
              <p className="text-sm font-medium text-ink-800" aria-live="polite">
                {describeHours({ days, from, to })}
              </p>
            ) : null}
          </div>
        ) : null}
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-ink-800">Approved pickup addresses (none: anywhere)</legend>
        {addresses.fields.map((a, i) => (
          <div key={a.id} className="grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
            <FormField name={`addresses.${i}.label`} label={`Address ${i + 1} name`} />
            <FormField name={`addresses.${i}.at`} label={`Address ${i + 1} position (lat, lng)`} />
            <Button variant="ghost" size="sm" onClick={() => addresses.remove(i)} aria-label={`Remove address ${i + 1}`}>
              Remove
            </Button>
          </div>
        ))}
        <Button variant="outline" size="sm" onClick={() => addresses.append({ label: '', at: '' })}>
          Add an address
        </Button>
      </fieldset>
      <label className="inline-flex min-h-11 items-center gap-2 text-sm font-medium text-ink-800">
        <input type="checkbox" className="size-4" {...form.register('expense')} />
        Expense code required on every ride
      </label>
      <div>
        <Button type="submit" disabled={saving}>
          Save policy
        </Button>
      </div>
    </Form>
  );
}
