import { useEffect, useMemo } from 'react';
import { Button } from '@/components/ui/button';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { MutationError } from '@/components/ui/query-view';
import { useAdminCities } from '@/lib/admin-cities';
import { usePageCityDefault } from '@/lib/console-city';
import { useCreateCompany } from '../api/corporate';
import { newCompanyFormSchema } from './company-form-schemas';

const blank = { name: '', billing_email: '', credit: '', admin_email: '' };

/** Platform admins create a company with its first company admin (added at once, or invited by email). */
export function NewCompanyForm() {
  const cities = useAdminCities();
  const create = useCreateCompany();
  const schema = useMemo(() => newCompanyFormSchema((id) => cities.data?.find((c) => c.id === id)?.currency ?? 'USD'), [cities.data]);
  const form = useZodForm(schema, { defaultValues: { city_id: '', ...blank } });
  const cityId = form.watch('city_id');
  // The console's city (else the first) is chosen until another is.
  const firstCity = usePageCityDefault(cities.data?.[0]?.id ?? null);
  useEffect(() => {
    if (firstCity && !form.getValues('city_id')) form.setValue('city_id', firstCity);
  }, [firstCity, form]);
  return (
    <section aria-labelledby="new-company" className="rounded-2xl border border-ink-100 p-4 sm:p-6">
      <h3 id="new-company" className="mb-4 text-lg font-semibold text-ink-900">
        New company
      </h3>
      <Form
        form={form}
        onSubmit={(company) => create.mutate(company, { onSuccess: () => form.reset({ city_id: company.city_id, ...blank }) })}
        className="grid gap-4 sm:grid-cols-2"
      >
        <FormField name="city_id" as="select" label="City">
          {(cities.data ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.name} ({c.currency})
            </option>
          ))}
        </FormField>
        <FormField name="name" label="Company name" maxLength={120} />
        <FormField name="billing_email" label="Billing email" type="email" />
        <FormField name="credit" label="Credit limit" hint="What it may owe at once, in the city’s currency" inputMode="decimal" />
        <FormField
          name="admin_email"
          label="First company admin’s email"
          hint="An existing account becomes admin at once; anyone else is invited by email."
          type="email"
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
      </Form>
    </section>
  );
}
