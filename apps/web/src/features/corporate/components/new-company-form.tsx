import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field, inputClasses } from '@/components/ui/field';
import { MutationError } from '@/components/ui/query-view';
import { useAdminCities } from '@/lib/admin-cities';
import { useCreateCompany } from '../api/corporate';
import { toCents } from './corporate-cents';

/** Platform admins create a company with its first company admin (added at once, or invited by email). */
export function NewCompanyForm() {
  const cities = useAdminCities();
  const create = useCreateCompany();
  const [form, setForm] = useState({ city_id: '', name: '', billing_email: '', credit: '', admin_email: '' });
  const set = (key: keyof typeof form, value: string) => setForm((f) => ({ ...f, [key]: value }));
  const cityId = form.city_id || cities.data?.[0]?.id || '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      {
        city_id: cityId,
        name: form.name,
        billing_email: form.billing_email,
        billing_cycle: 'monthly',
        credit_limit_cents: toCents(form.credit) ?? 0,
        admin_email: form.admin_email,
      },
      { onSuccess: () => setForm((f) => ({ ...f, name: '', billing_email: '', credit: '', admin_email: '' })) },
    );
  };
  return (
    <section aria-labelledby="new-company" className="rounded-2xl border border-ink-100 p-4 sm:p-6">
      <h3 id="new-company" className="mb-4 text-lg font-semibold text-ink-900">
        New company
      </h3>
      <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <label htmlFor="company-city" className="block text-sm font-medium text-ink-800">
            City
          </label>
          <select id="company-city" className={inputClasses} value={cityId} onChange={(e) => set('city_id', e.target.value)}>
            {(cities.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name} ({c.currency})
              </option>
            ))}
          </select>
        </div>
        <Field label="Company name" value={form.name} onChange={(e) => set('name', e.target.value)} required maxLength={120} />
        <Field label="Billing email" type="email" value={form.billing_email} onChange={(e) => set('billing_email', e.target.value)} required />
        <Field
          label="Credit limit"
          hint="What it may owe at once, in the city’s currency"
          inputMode="decimal"
          value={form.credit}
          onChange={(e) => set('credit', e.target.value)}
          required
        />
        <Field
          label="First company admin’s email"
          hint="An existing account becomes admin at once; anyone else is invited by email."
          type="email"
          value={form.admin_email}
          onChange={(e) => set('admin_email', e.target.value)}
          required
        />
        <p className="self-end text-sm text-ink-600">Billing cycle: monthly</p>
        <div className="space-y-2 sm:col-span-2">
          <MutationError error={create.error} />
          {create.isSuccess ? (
            <p role="status" className="text-sm text-ink-700">
              {create.data.company.name} created; {create.data.admin.email}{' '}
              {create.data.admin.added ? 'is its company admin' : 'was invited as its company admin'}.
            </p>
          ) : null}
          <Button type="submit" disabled={create.isPending || !cityId}>
            Create company
          </Button>
        </div>
      </form>
    </section>
  );
}
