import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { type ColumnDef, DataTable } from '@/components/ui/data-table';
import { formatMoney } from '@/lib/money';
import { type CompanyView, companiesList } from '../api/corporate';
import { AdminCompany } from './admin-company';
import type { InvoicesSlot } from './invoices-slot';
import { NewCompanyForm } from './new-company-form';

/** Platform admins: every company in a table, Manage opens one, and a form for a new one. */
export function PlatformCompanies({ invoices }: { invoices?: InvoicesSlot }) {
  const [shown, setShown] = useState<string | null>(null);
  const columns = useMemo<ColumnDef<CompanyView>[]>(
    () => [
      { id: 'name', header: 'Company', enableSorting: true, cell: ({ row }) => <span className="font-semibold text-ink-900">{row.original.name}</span> },
      { id: 'city', header: 'City', cell: ({ row }) => row.original.city_name },
      { id: 'status', header: 'Status', cell: ({ row }) => (row.original.status === 'active' ? 'Active' : 'Suspended') },
      { id: 'members', header: 'People', cell: ({ row }) => row.original.members_count },
      {
        id: 'owed',
        header: 'Owes / credit limit',
        cell: ({ row: { original: c } }) => `${formatMoney(c.owed_cents, c.currency)} / ${formatMoney(c.credit_limit_cents, c.currency)}`,
      },
      {
        id: 'created_at',
        header: 'Created',
        enableSorting: true,
        meta: { firstDir: 'desc' },
        cell: ({ row }) => new Date(row.original.created_at).toLocaleDateString(),
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        cell: ({ row }) => (
          <Button variant="outline" size="sm" onClick={() => setShown(row.original.id)} aria-label={`Manage ${row.original.name}`}>
            Manage
          </Button>
        ),
      },
    ],
    [],
  );
  return (
    <section aria-labelledby="companies-title" className="space-y-6">
      <h2 id="companies-title" className="text-xl font-bold text-ink-900">
        Companies
      </h2>
      <DataTable
        label="Companies"
        endpoint={companiesList.endpoint}
        queryKey={companiesList.queryKey}
        columns={columns}
        getRowId={(c) => c.id}
        defaultSort={companiesList.defaultSort}
        searchLabel="Search by name or billing email"
        filters={[
          {
            id: 'status',
            label: 'Status',
            options: [
              { value: 'active', label: 'Active' },
              { value: 'suspended', label: 'Suspended' },
            ],
          },
        ]}
        empty="No companies yet."
        loadFailed="Could not load companies."
      />
      {shown ? <AdminCompany id={shown} onClose={() => setShown(null)} invoices={invoices} /> : null}
      <NewCompanyForm />
    </section>
  );
}
