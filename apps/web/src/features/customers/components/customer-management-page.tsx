import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { customerText as text } from '@openride/shared/customers/customer-text';
import { uiText } from '@openride/shared/ui-text';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { type ColumnDef, DataTable } from '@/components/ui/data-table';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { type Customer, customersKey, useSetRiderBlocked } from '../api/customers';

const dateTime = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
const stars = (v: number | null) => (v === null ? text.none : `${v.toFixed(1)} ★`);
const nameId = (id: string) => `customer-${id}-name`;

/** /customer-management (admins): every rider with their record, and the block on an account. */
export function CustomerManagementPage() {
  const [pending, setPending] = useState<Customer | null>(null);
  const setBlocked = useSetRiderBlocked();
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
              {/* The rider's rides: booking management filtered to them. */}
              <Link to={`${paths.bookingManagement}?rider_id=${encodeURIComponent(c.id)}`} className="underline-offset-2 hover:underline">
                {c.name}
              </Link>
            </p>
            <p className="whitespace-nowrap">{c.email}</p>
            {c.phone ? <p>{c.phone}</p> : null}
          </div>
        ),
      },
      { id: 'rides', header: text.columns.rides, enableSorting: true, cell: ({ row }) => row.original.rides_completed },
      { id: 'cancellations', header: text.columns.cancellations, cell: ({ row }) => row.original.cancellations },
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
            <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-semibold', c.blocked ? 'bg-red-100 text-red-800' : 'bg-brand-100 text-brand-800')}>
              {c.blocked ? text.blocked : text.active}
            </span>
            {c.blocked && c.blocked_reason ? <p className="max-w-56 text-xs text-ink-500">{c.blocked_reason}</p> : null}
          </div>
        ),
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">{uiText.pages.customerManagement.title}</span>,
        cell: ({ row: { original: c } }) => (
          <Button size="sm" variant={c.blocked ? 'outline' : 'destructive'} aria-describedby={nameId(c.id)} onClick={() => setPending(c)}>
            {c.blocked ? text.unblock : text.block}
          </Button>
        ),
      },
    ],
    [],
  );

  const blocking = pending ? !pending.blocked : false;
  const submit = (rider: Customer, reason: string) => {
    setPending(null);
    setBlocked.mutate(
      { id: rider.id, blocked: !rider.blocked, reason },
      {
        onSuccess: () => toast({ title: rider.blocked ? text.done.unblocked(rider.name) : text.done.blocked(rider.name) }),
        onError: (error) => toast({ variant: 'destructive', title: text.failed, description: error.name === 'ApiError' ? error.message : undefined }),
      },
    );
  };

  return (
    <PageContainer>
      <PageHeading title={uiText.pages.customerManagement.title} description={uiText.pages.customerManagement.text} />
      <DataTable
        label={text.tableLabel}
        endpoint="/api/admin/customers"
        queryKey={customersKey}
        columns={columns}
        getRowId={(c) => c.id}
        defaultSort={{ id: 'last_active', dir: 'desc' }}
        searchLabel={text.search}
        filters={[{ id: 'blocked', label: text.blockedFilter, options: [{ value: 'no', label: text.filterOptions.no }, { value: 'yes', label: text.filterOptions.yes }] }]}
        empty={text.empty}
        loadFailed={text.loadFailed}
      />
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => (open ? undefined : setPending(null))}
        title={blocking ? text.blockDialog.title : text.unblockDialog.title}
        description={pending ? (blocking ? text.blockDialog.text(pending.name) : text.unblockDialog.text(pending.name)) : null}
        confirmLabel={blocking ? text.blockDialog.confirm : text.unblockDialog.confirm}
        cancelLabel={text.cancel}
        variant={blocking ? 'destructive' : 'accent'}
        reason={{ label: text.reasonLabel, requiredMessage: text.reasonRequired, maxLength: 500 }}
        onConfirm={(reason) => pending && submit(pending, reason ?? '')}
      />
    </PageContainer>
  );
}
