import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { RIDE_STATUSES, STATUS_LABELS } from '@openride/shared/rides/ride-state';
import { operatorText as text } from '@openride/shared/rides/operator-text';
import { RIDE_TYPE_NAMES } from '@openride/shared/rides/schemas';
import { uiText } from '@openride/shared/ui-text';
import { type ColumnDef, DataTable } from '@/components/ui/data-table';
import { inputClasses } from '@/components/ui/field';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { type AdminRideRow, operatorRideKeys } from '../api/operator-rides';
import { formatDateTime, formatMoney } from '../lib/format';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
export const statusBadge: Record<string, string> = {
  requested: 'bg-amber-100 text-amber-900',
  accepted: 'bg-sky-100 text-sky-900',
  arrived: 'bg-sky-100 text-sky-900',
  in_progress: 'bg-brand-100 text-brand-800',
  completed: 'bg-ink-100 text-ink-800',
  cancelled: 'bg-red-100 text-red-800',
  no_driver: 'bg-red-50 text-red-700',
};

/** /booking-management (admins): every ride, live and past, searchable and filterable; a row opens its story. */
export function BookingManagementPage() {
  const [params, setParams] = useSearchParams();
  const from = ISO_DAY.test(params.get('from') ?? '') ? params.get('from')! : '';
  const to = ISO_DAY.test(params.get('to') ?? '') ? params.get('to')! : '';
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  // /driver/{id} links here with ?driver_id= (one driver's rides); ?rider_id= likewise.
  const driverId = params.get('driver_id') ?? undefined;
  const riderId = params.get('rider_id') ?? undefined;
  const setDay = (key: 'from' | 'to', value: string) =>
    setParams(
      (p) => {
        if (value) p.set(key, value);
        else p.delete(key);
        return p;
      },
      { replace: true },
    );

  const columns = useMemo<ColumnDef<AdminRideRow>[]>(
    () => [
      {
        id: 'requested_at',
        header: text.columns.requested,
        enableSorting: true,
        meta: { firstDir: 'desc', className: 'whitespace-nowrap' },
        cell: ({ row: { original: r } }) => (
          <Link to={paths.bookingRide(r.id)} className="font-medium text-ink-900 underline-offset-2 hover:underline">
            {formatDateTime(r.requested_at)}
            <span className="sr-only">
              {' '}
              · {text.open} {r.rider_name}
            </span>
          </Link>
        ),
      },
      {
        id: 'ride',
        header: text.columns.ride,
        meta: { className: 'min-w-56' },
        cell: ({ row: { original: r } }) => (
          <div>
            <p className="text-ink-900">{r.pickup_label ?? '—'} → {r.dropoff_label ?? '—'}</p>
            <p className="text-xs text-ink-500">{RIDE_TYPE_NAMES[r.ride_type as keyof typeof RIDE_TYPE_NAMES] ?? r.ride_type}</p>
          </div>
        ),
      },
      {
        id: 'rider',
        header: text.columns.rider,
        cell: ({ row: { original: r } }) => (
          <div>
            <p className="whitespace-nowrap text-ink-900">{r.rider_name}</p>
            <p className="whitespace-nowrap text-xs text-ink-500">{r.rider_email}</p>
          </div>
        ),
      },
      { id: 'driver', header: text.columns.driver, cell: ({ row }) => <span className="whitespace-nowrap">{row.original.driver_name ?? text.noDriver}</span> },
      {
        id: 'status',
        header: text.columns.status,
        cell: ({ row: { original: r } }) => (
          <span className={cn('inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold', statusBadge[r.status])}>{STATUS_LABELS[r.status]}</span>
        ),
      },
      { id: 'fare', header: text.columns.fare, enableSorting: true, cell: ({ row }) => <span className="tabular-nums">{formatMoney(row.original.fare_cents, row.original.currency)}</span> },
    ],
    [],
  );

  return (
    <PageContainer>
      <PageHeading title={uiText.pages.bookingManagement.title} description={uiText.pages.bookingManagement.text} />
      <div className="mb-4 flex flex-wrap gap-3">
        {(['from', 'to'] as const).map((key) => (
          <label key={key} className="text-sm text-ink-700">
            <span className="mb-1 block font-medium">{text[key]}</span>
            <input type="date" className={cn(inputClasses, 'h-9 w-40')} value={key === 'from' ? from : to} onChange={(e) => setDay(key, e.target.value)} />
          </label>
        ))}
      </div>
      <DataTable
        label={text.tableLabel}
        endpoint="/api/admin/rides"
        queryKey={operatorRideKeys.list}
        params={{ from: from || undefined, to: to || undefined, tz, driver_id: driverId, rider_id: riderId }}
        columns={columns}
        getRowId={(r) => r.id}
        defaultSort={{ id: 'requested_at', dir: 'desc' }}
        searchLabel={text.search}
        filters={[
          { id: 'status', label: text.status, options: RIDE_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })) },
          { id: 'ride_type', label: text.rideType, options: Object.entries(RIDE_TYPE_NAMES).map(([value, label]) => ({ value, label })) },
        ]}
        empty={text.empty}
        loadFailed={text.loadFailed}
      />
    </PageContainer>
  );
}
