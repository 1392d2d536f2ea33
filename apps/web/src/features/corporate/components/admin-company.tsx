import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/field';
import { MutationError, QueryView } from '@/components/ui/query-view';
import { useAdminCompany, useUpdateCompany } from '../api/corporate';
import { fromCents, toCents } from './corporate-cents';
import type { InvoicesSlot } from './invoices-slot';
import { PeopleTable } from './people-table';

/** A platform admin manages one company: its name, billing email and credit limit, Suspend or Reactivate, its people and invoices. */
export function AdminCompany({ id, onClose, invoices }: { id: string; onClose: () => void; invoices?: InvoicesSlot }) {
  const detail = useAdminCompany(id);
  const update = useUpdateCompany();
  const [edit, setEdit] = useState<{ name: string; billing_email: string; credit: string } | null>(null);
  const [confirm, setConfirm] = useState(false);
  return (
    <QueryView query={detail} loadFailed="We couldn't load the company. Check your connection and try again.">
      {(data) => {
        const c = data.company;
        const form = edit ?? { name: c.name, billing_email: c.billing_email, credit: fromCents(c.credit_limit_cents) };
        const save = (event: FormEvent) => {
          event.preventDefault();
          update.mutate(
            { id, version: c.version, name: form.name, billing_email: form.billing_email, credit_limit_cents: toCents(form.credit) ?? 0 },
            { onSuccess: () => (setEdit(null), void detail.refetch()) },
          );
        };
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
            <form onSubmit={save} className="grid gap-4 sm:grid-cols-3">
              <Field label="Name" value={form.name} onChange={(e) => setEdit({ ...form, name: e.target.value })} required />
              <Field
                label="Billing email"
                type="email"
                value={form.billing_email}
                onChange={(e) => setEdit({ ...form, billing_email: e.target.value })}
                required
              />
              <Field label="Credit limit" inputMode="decimal" value={form.credit} onChange={(e) => setEdit({ ...form, credit: e.target.value })} required />
              <div className="flex flex-wrap gap-2 sm:col-span-3">
                <Button type="submit" disabled={update.isPending}>
                  Save company
                </Button>
                <Button variant={suspend ? 'destructive' : 'outline'} onClick={() => setConfirm(true)} disabled={update.isPending}>
                  {suspend ? 'Suspend' : 'Reactivate'}
                </Button>
              </div>
              <MutationError error={update.error} className="sm:col-span-3" />
            </form>
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
