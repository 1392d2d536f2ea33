import { useMemo, useState } from 'react';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { MutationError, QueryView } from '@/components/ui/query-view';
import { type CompanyView, useAdminCompany, useUpdateCompany } from '../api/corporate';
import { moneyInputValue } from '@openride/shared/money';
import { editCompanyFormSchema } from './company-form-schemas';
import type { InvoicesSlot } from './invoices-slot';
import { PeopleTable } from './people-table';

/** A platform admin manages one company: its name, billing email and credit limit, Suspend or Reactivate, its people and invoices. */
export function AdminCompany({ id, onClose, invoices }: { id: string; onClose: () => void; invoices?: InvoicesSlot }) {
  const detail = useAdminCompany(id);
  const update = useUpdateCompany();
  const [confirm, setConfirm] = useState(false);
  return (
    <QueryView query={detail} loadFailed="We couldn't load the company. Check your connection and try again.">
      {(data) => {
        const c = data.company;
        const suspend = c.status === 'active';
        return (
          <section aria-labelledby="admin-company" className="space-y-4 rounded-2xl border-2 border-ink-100 p-4 sm:p-6">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 id="admin-company" className="text-lg font-semibold text-ink-900">
                {c.name} <span className="text-sm font-normal text-ink-600">({c.status === 'active' ? 'Active' : 'Suspended'})</span>
              </h3>
              <Button variant="ghost" size="sm" onClick={onClose}>
                Close
              </Button>
            </div>
            <CompanyEditForm
              // A saved edit (a new version) starts the form again from what the server now holds.
              key={c.version}
              company={c}
              update={update}
              onSave={(patch) => update.mutate({ id, version: c.version, ...patch }, { onSuccess: () => void detail.refetch() })}
              onSuspend={() => setConfirm(true)}
            />
            <ConfirmDialog
              open={confirm}
              onOpenChange={setConfirm}
              title={suspend ? `Suspend ${c.name}` : `Reactivate ${c.name}`}
              description={
                suspend
                  ? 'Its members will not be able to request business rides; rides under way finish on account.'
                  : 'Its members may ride on account again.'
              }
              confirmLabel={suspend ? 'Suspend Company' : 'Reactivate Company'}
              variant={suspend ? 'destructive' : 'primary'}
              onConfirm={() => {
                setConfirm(false);
                update.mutate({ id, version: c.version, status: suspend ? 'suspended' : 'active' }, { onSuccess: () => void detail.refetch() });
              }}
            />
            <PeopleTable detail={data} />
            {invoices ? invoices(c, 'platform_admin') : null}
          </section>
        );
      }}
    </QueryView>
  );
}

type Patch = z.output<ReturnType<typeof editCompanyFormSchema>>;

/** Name, billing email and credit limit: the kit's form on the server's company fields, with Suspend or Reactivate beside Save. */
function CompanyEditForm({
  company: c,
  update,
  onSave,
  onSuspend,
}: {
  company: CompanyView;
  update: ReturnType<typeof useUpdateCompany>;
  onSave: (patch: Patch) => void;
  onSuspend: () => void;
}) {
  const schema = useMemo(() => editCompanyFormSchema(c.currency), [c.currency]);
  const form = useZodForm(schema, {
    defaultValues: { name: c.name, billing_email: c.billing_email, credit: moneyInputValue(c.credit_limit_cents, c.currency) },
  });
  const suspend = c.status === 'active';
  return (
    <Form form={form} onSubmit={onSave} className="grid gap-4 sm:grid-cols-3">
      <FormField name="name" label="Name" />
      <FormField name="billing_email" label="Billing email" type="email" />
      <FormField name="credit" label="Credit limit" hint={c.currency} inputMode="decimal" />
      <div className="flex flex-wrap gap-2 sm:col-span-3">
        <Button type="submit" disabled={update.isPending}>
          Save company
        </Button>
        <Button variant={suspend ? 'destructive' : 'outline'} onClick={onSuspend} disabled={update.isPending}>
          {suspend ? 'Suspend' : 'Reactivate'}
        </Button>
      </div>
      <MutationError error={update.error} className="sm:col-span-3" />
    </Form>
  );
}
