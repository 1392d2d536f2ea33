import { type FormEvent, useState } from 'react';
import { corporateText } from '@openride/shared/corporate/corporate-text';
import { describeHours } from '@openride/shared/corporate/policy';
import type { CompanyPolicy } from '@openride/shared/corporate/schemas';
import { RIDE_TYPE_NAMES, RIDE_TYPES } from '@openride/shared/rides/schemas';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import type { CompanyDetail } from '../api/corporate';
import { fromCents, toCents } from './corporate-cents';

const text = corporateText;

const DAYS = [
  [1, 'Mon'],
  [2, 'Tue'],
  [3, 'Wed'],
  [4, 'Thu'],
  [5, 'Fri'],
  [6, 'Sat'],
  [7, 'Sun'],
] as const;

/** A company's ride policy: ride types, per-ride limit, monthly budget, allowed hours, approved pickup addresses, expense codes. */
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
  const [f, setF] = useState({
    ride_types: p.ride_types,
    limit: fromCents(p.per_ride_limit_cents),
    budget: fromCents(p.monthly_budget_cents),
    hoursOn: p.allowed_hours !== null,
    days: p.allowed_hours?.days ?? [1, 2, 3, 4, 5],
    from: p.allowed_hours?.from ?? '07:00',
    to: p.allowed_hours?.to ?? '20:00',
    addresses: p.approved_addresses.map((a) => ({ label: a.label, at: `${a.lat}, ${a.lng}` })),
    radius: String(p.radius_m),
    expense: p.expense_code_required,
  });
  const set = <K extends keyof typeof f>(key: K, value: (typeof f)[K]) => setF((x) => ({ ...x, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave({
      version: p.version,
      ride_types: f.ride_types,
      per_ride_limit_cents: toCents(f.limit),
      monthly_budget_cents: toCents(f.budget),
      allowed_hours: f.hoursOn ? { days: f.days, from: f.from, to: f.to } : null,
      approved_addresses: f.addresses.map((a) => {
        const [lat, lng] = a.at.split(',').map((s) => Number(s.trim()));
        return { label: a.label, lat: lat ?? NaN, lng: lng ?? NaN };
      }),
      radius_m: Number(f.radius),
      expense_code_required: f.expense,
    });
  };
  return (
    <form onSubmit={submit} aria-labelledby={`policy-${detail.company.id}`} className="space-y-4 rounded-2xl bg-ink-50 p-4">
      <h3 id={`policy-${detail.company.id}`} className="text-lg font-semibold text-ink-900">
        Ride policy
      </h3>
      <fieldset>
        <legend className="text-sm font-medium text-ink-800">Allowed ride types</legend>
        <div className="flex flex-wrap gap-3">
          {RIDE_TYPES.map((t) => (
            <label key={t} className="inline-flex min-h-11 items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4"
                checked={f.ride_types.includes(t)}
                onChange={(e) => set('ride_types', e.target.checked ? [...f.ride_types, t] : f.ride_types.filter((x) => x !== t))}
              />
              {RIDE_TYPE_NAMES[t]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Per-ride limit" hint="Empty: no limit" inputMode="decimal" value={f.limit} onChange={(e) => set('limit', e.target.value)} />
        <Field label="Monthly budget per member" hint="Empty: no budget" inputMode="decimal" value={f.budget} onChange={(e) => set('budget', e.target.value)} />
        <Field label="Radius around approved addresses (m)" inputMode="numeric" value={f.radius} onChange={(e) => set('radius', e.target.value)} />
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-ink-800">Allowed hours ({detail.company.time_zone})</legend>
        <label className="inline-flex min-h-11 items-center gap-2 text-sm">
          <input type="checkbox" className="size-4" checked={f.hoursOn} onChange={(e) => set('hoursOn', e.target.checked)} />
          Only on these days and hours
        </label>
        {f.hoursOn ? (
          <div className="space-y-2">
            <div className="flex flex-wrap gap-3">
              {DAYS.map(([d, name]) => (
                <label key={d} className="inline-flex min-h-11 items-center gap-1.5 text-sm">
                  <input
                    type="checkbox"
                    className="size-4"
                    checked={f.days.includes(d)}
                    onChange={(e) => set('days', e.target.checked ? [...f.days, d].sort() : f.days.filter((x) => x !== d))}
                  />
                  {name}
                </label>
              ))}
            </div>
            <div className="grid max-w-sm grid-cols-2 gap-3">
              <Field label="From" type="time" value={f.from} onChange={(e) => set('from', e.target.value)} />
              <Field label="To" type="time" value={f.to} onChange={(e) => set('to', e.target.value)} />
            </div>
            <p className="text-xs text-ink-600">{text.hoursHint}</p>
            {f.days.length > 0 && f.from !== f.to ? (
              <p className="text-sm font-medium text-ink-800" aria-live="polite">
                {describeHours({ days: f.days, from: f.from, to: f.to })}
              </p>
            ) : null}
          </div>
        ) : null}
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-ink-800">Approved pickup addresses (none: anywhere)</legend>
        {f.addresses.map((a, i) => (
          <div key={i} className="grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
            <Field
              label={`Address ${i + 1} name`}
              value={a.label}
              onChange={(e) =>
                set(
                  'addresses',
                  f.addresses.map((x, k) => (k === i ? { ...x, label: e.target.value } : x)),
                )
              }
              required
            />
            <Field
              label={`Address ${i + 1} position (lat, lng)`}
              value={a.at}
              onChange={(e) =>
                set(
                  'addresses',
                  f.addresses.map((x, k) => (k === i ? { ...x, at: e.target.value } : x)),
                )
              }
              required
            />
            <Button
              variant="ghost"
              size="sm"
              onClick={() =>
                set(
                  'addresses',
                  f.addresses.filter((_, k) => k !== i),
                )
              }
              aria-label={`Remove address ${i + 1}`}
            >
              Remove
            </Button>
          </div>
        ))}
        <Button variant="outline" size="sm" onClick={() => set('addresses', [...f.addresses, { label: '', at: '' }])}>
          Add an address
        </Button>
      </fieldset>
      <label className="inline-flex min-h-11 items-center gap-2 text-sm font-medium text-ink-800">
        <input type="checkbox" className="size-4" checked={f.expense} onChange={(e) => set('expense', e.target.checked)} />
        Expense code required on every ride
      </label>
      <div>
        <Button type="submit" disabled={saving}>
          Save policy
        </Button>
      </div>
    </form>
  );
}
