import { useMemo } from 'react';
import { Link } from 'react-router';
import { refundText } from '@openride/shared/refunds/refund-text';
import { REFUND_AGES, REFUND_REASONS, REFUND_STATUSES } from '@openride/shared/refunds/schemas';
import { buttonClasses } from '@/components/ui/button-classes';
import { type ColumnDef, DataTable } from '@/components/ui/data-table';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useConsoleCity } from '@/lib/console-city';
import { formatMoney } from '@/lib/money';
import { type AdminRefundRequest, refundRequestsList } from '../api/refund-requests';

const text = refundText.admin;
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export const statusBadge = {
  open: 'bg-amber-100 text-amber-900',
  approved: 'bg-brand-100 text-brand-800',
  credited: 'bg-brand-100 text-brand-800',
  rejected: 'bg-red-100 text-red-800',
} as const;

/**
 * /refund-management (admins, decision 0039): riders' reports, oldest first, filtered by status, reason and age,
 * in the console's city (decision 0091); an open request with a proposal says so (decision 0093).
 */
export function RefundManagementPage() {
  const { city } = useConsoleCity();
  const columns = useMemo<ColumnDef<AdminRefundRequest>[]>(
    () => [
      {
        id: 'created_at',
        header: text.columns.age,
        enableSorting: true,
        meta: { className: 'whitespace-nowrap' },
        cell: ({ row }) => dateTime.format(new Date(row.original.created_at)),
      },
      {
        id: 'rider',
        header: text.columns.rider,
        meta: { className: 'min-w-44' },
        cell: ({ row: { original: q } }) => (
          <div>
            <p className="font-semibold text-ink-900">{q.rider_name}</p>
            <p className="break-all">{q.rider_email}</p>
          </div>
        ),
      },
      { id: 'ride', header: text.columns.ride, cell: ({ row: { original: q } }) => `${q.pickup_label ?? '—'} → ${q.dropoff_label ?? '—'}` },
      { id: 'reason', header: text.columns.reason, cell: ({ row }) => refundText.reasons[row.original.reason] },
      { id: 'asked', header: text.columns.asked, cell: ({ row: { original: q } }) => (q.requested_cents ? formatMoney(q.requested_cents, q.currency) : '—') },
      { id: 'paid', header: text.columns.paid, cell: ({ row: { original: q } }) => formatMoney(q.paid_cents, q.currency) },
      {
        id: 'status',
        header: text.columns.status,
        cell: ({ row: { original: q } }) => (
          <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-semibold', statusBadge[q.status])}>
            {refundText.statuses[q.status]}
            {q.refunded_cents ? ` · ${formatMoney(q.refunded_cents, q.currency)}` : ''}
            {q.status === 'open' && q.proposal ? ` · ${text.proposed}` : ''}
          </span>
        ),
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">{text.open}</span>,
        cell: ({ row: { original: q } }) => (
          <Link
            to={paths.refundRequest(q.id)}
            aria-label={text.openLabel(q.rider_name)}
            className={buttonClasses({ variant: q.status === 'open' ? 'primary' : 'outline', size: 'sm' })}
          >
            {text.open}
          </Link>
        ),
      },
    ],
    [],
  );
  return (
    <PageContainer>
      <PageHeading title={text.title} description={text.intro} />
      <DataTable
        label={text.tableLabel}
        endpoint={refundRequestsList.endpoint}
        queryKey={refundRequestsList.queryKey}
        params={{ city: city ?? undefined }}
        columns={columns}
        getRowId={(q) => q.id}
        defaultSort={refundRequestsList.defaultSort}
        filters={[
          { id: 'status', label: text.filters.status, options: REFUND_STATUSES.map((s) => ({ value: s, label: refundText.statuses[s] })) },
          { id: 'reason', label: text.filters.reason, options: REFUND_REASONS.map((s) => ({ value: s, label: refundText.reasons[s] })) },
          { id: 'age', label: text.filters.age, options: REFUND_AGES.map((s) => ({ value: s, label: text.ages[s] })) },
        ]}
        empty={text.empty}
        loadFailed={text.loadFailed}
      />
    </PageContainer>
  );
}
