import { useMemo } from 'react';
import { Link } from 'react-router';
import { RIDE_STATUSES, STATUS_LABELS } from '@openride/shared/rides/ride-state';
import { operatorText as text } from '@openride/shared/rides/operator-text';
import { RIDE_TYPE_NAMES } from '@openride/shared/rides/schemas';
import { type ColumnDef, DataTable } from '@/components/ui/data-table';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useConsoleCity } from '@/lib/console-city';
import { useLivePollInterval } from '@/lib/realtime';
import { type AdminRideRow, operatorRidesList } from '../api/operator-rides';
import { formatDateTime, formatMoney } from '../lib/format';

export const statusBadge: Record<string, string> = {
  requested: 'bg-amber-100 text-amber-900',
  accepted: 'bg-sky-100 text-sky-900',
  arrived: 'bg-sky-100 text-sky-900',
  in_progress: 'bg-brand-100 text-brand-800',
  completed: 'bg-ink-100 text-ink-800',
  cancelled: 'bg-red-100 text-red-800',
  no_driver: 'bg-red-50 text-red-700',
};

/**
 * Every ride the operator may see, in the admin kit's table: /booking-management shows all of them, a
 * rider's or driver's page passes `rider_id` or `driver_id` to show theirs. The console's city narrows it
 * (and its export) to that city's rides. While the socket is down or refused the list polls, as every live
 * screen does (useLivePollInterval), so a ride's new status still reaches it.
 */
export function OperatorRidesTable({ params, label = text.tableLabel }: { params: Record<string, string | undefined>; label?: string }) {
  const { city } = useConsoleCity();
  const poll = useLivePollInterval();
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
            <p className="text-ink-900">
              {r.pickup_label ?? '—'} → {r.dropoff_label ?? '—'}
            </p>
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
          <span className={cn('inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold', statusBadge[r.status])}>
            {STATUS_LABELS[r.status]}
          </span>
        ),
      },
      {
        id: 'fare',
        header: text.columns.fare,
        enableSorting: true,
        cell: ({ row }) => <span className="tabular-nums">{formatMoney(row.original.fare_cents, row.original.currency)}</span>,
      },
    ],
    [],
  );

  return (
    <DataTable
      label={label}
      endpoint={operatorRidesList.endpoint}
      queryKey={operatorRidesList.queryKey}
      params={{ ...params, city: city ?? undefined }}
      columns={columns}
      getRowId={(r) => r.id}
      defaultSort={operatorRidesList.defaultSort}
      searchLabel={text.search}
      filters={[
        { id: 'status', label: text.status, options: RIDE_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })) },
        { id: 'ride_type', label: text.rideType, options: Object.entries(RIDE_TYPE_NAMES).map(([value, label]) => ({ value, label })) },
      ]}
      empty={text.empty}
      loadFailed={text.loadFailed}
      refetchInterval={poll}
    />
  );
}
