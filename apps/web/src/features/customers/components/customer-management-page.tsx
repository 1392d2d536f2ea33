import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { customerText as text } from '@openride/shared/customers/customer-text';
import { uiText } from '@openride/shared/ui-text';
import { Button } from '@/components/ui/button';
import { type ColumnDef, DataTable } from '@/components/ui/data-table';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useConsoleCity } from '@/lib/console-city';
import { useCan } from '@/lib/staff';
import { type Customer, customersList, formatFees } from '../api/customers';
import { BlockRiderDialog } from './block-rider-dialog';
import { formatPhone } from '@openride/shared/phone';

const dateTime = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
const stars = (v: number | null) => (v === null ? text.none : `${v.toFixed(1)} ★`);
const nameId = (id: string) => `customer-${id}-name`;

/**
 * /customer-management (admins): every rider with their record, and the block on an account (for a role that may
 * block). The console's city keeps the riders with a ride in it (decision 0091).
 */
export function CustomerManagementPage() {
  const [pending, setPending] = useState<Customer | null>(null);
  const mayBlock = useCan('rider.block');
  const { city } = useConsoleCity();
  const columns = useMemo<ColumnDef<Customer>[]>(
    () => [
      {
        id: 'name',
        header: text.columns.rider,
        enableSorting: true,
        meta: { className: 'min-w-52' },
        cell: ({ row: { original: c } }) => (
          <div>
            <p id={nameId(c.id)} className="font-semibold text-ink-900">
              <Link to={paths.customerDetail(c.id)} className="underline-offset-2 hover:underline">
                {c.name}
              </Link>
            </p>
            <p className="whitespace-nowrap">{c.email}</p>
            {c.phone ? <p>{formatPhone(c.phone)}</p> : null}
          </div>
        ),
      },
      { id: 'rides', header: text.columns.rides, enableSorting: true, cell: ({ row }) => row.original.rides_completed },
      { id: 'cancellations', header: text.columns.cancellations, cell: ({ row }) => row.original.cancellations },
      {
        id: 'charged_30d',
        header: text.columns.charged30d,
        cell: ({ row }) => text.charged(row.original.late_cancels_30d, row.original.no_shows_30d, formatFees(row.original.fees_30d)),
      },
      { id: 'rating_given', header: text.columns.ratingGiven, cell: ({ row }) => stars(row.original.rating_given) },
      { id: 'rating_received', header: text.columns.ratingReceived, cell: ({ row }) => stars(row.original.rating_received) },
      {
        id: 'last_active',
        header: text.columns.lastActive,
        enableSorting: true,
        meta: { firstDir: 'desc', className: 'whitespace-nowrap' },
        cell: ({ row }) => dateTime.format(new Date(row.original.last_active)),
      },
      {
        id: 'status',
        header: text.columns.status,
        cell: ({ row: { original: c } }) => (
          <div className="space-y-1">
            <span
              className={cn(
                'inline-flex rounded-full px-2 py-0.5 text-xs font-semibold',
                c.blocked ? 'bg-red-100 text-red-800' : 'bg-brand-100 text-brand-800',
              )}
            >
              {c.blocked ? text.blocked : text.active}
            </span>
            {c.blocked && c.blocked_reason ? <p className="max-w-56 text-xs text-ink-500">{c.blocked_reason}</p> : null}
          </div>
        ),
      },
      ...(mayBlock
        ? [
            {
              id: 'actions',
              header: () => <span className="sr-only">{uiText.pages.customerManagement.title}</span>,
              cell: ({ row: { original: c } }) => (
                <Button size="sm" variant={c.blocked ? 'outline' : 'destructive'} aria-describedby={nameId(c.id)} onClick={() => setPending(c)}>
                  {c.blocked ? text.unblock : text.block}
                </Button>
              ),
            } satisfies ColumnDef<Customer>,
          ]
        : []),
    ],
    [mayBlock],
  );

  return (
    <PageContainer>
      <PageHeading title={uiText.pages.customerManagement.title} description={uiText.pages.customerManagement.text} />
      <DataTable
        label={text.tableLabel}
        endpoint={customersList.endpoint}
        queryKey={customersList.queryKey}
        params={{ city: city ?? undefined }}
        columns={columns}
        getRowId={(c) => c.id}
        defaultSort={customersList.defaultSort}
        searchLabel={text.search}
        filters={[
          {
            id: 'blocked',
            label: text.blockedFilter,
            options: [
              { value: 'no', label: text.filterOptions.no },
              { value: 'yes', label: text.filterOptions.yes },
            ],
          },
        ]}
        empty={text.empty}
        loadFailed={text.loadFailed}
      />
      <BlockRiderDialog rider={pending} onClose={() => setPending(null)} />
    </PageContainer>
  );
}
