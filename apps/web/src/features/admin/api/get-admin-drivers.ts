import type { QueryClient } from '@tanstack/react-query';
import type { AdminDriverFilter } from '@openride/shared/drivers/schemas';
import type { AdminDriverView as AdminDriver } from '@openride/shared/drivers/views';
import { firstListRequest, listQuery } from '@/components/ui/list-query';
import { hrefOf } from '@/lib/call';
import { consoleCityFor } from '@/lib/console-city';

/** The tabs, in the order a reviewer works through them: the queue first. */
export const DRIVER_FILTERS = ['pending', 'approved', 'rejected', 'all'] as const satisfies readonly AdminDriverFilter[];
export type DriverFilter = (typeof DRIVER_FILTERS)[number];

export type { AdminDriver };

/** GET /api/admin/drivers is read by the data table under this key (plus its parameters). */
export const adminDriversKey = ['admin', 'drivers'] as const;

/** The drivers' list in the admin kit's table: its endpoint, key and first order (the table and the route's prefetch). */
export const adminDriversList = {
  endpoint: hrefOf('GET /api/admin/drivers'),
  queryKey: adminDriversKey,
  defaultSort: { id: 'created_at', dir: 'desc' },
} as const;

const isFilter = (value: string | null): value is DriverFilter => DRIVER_FILTERS.includes(value as DriverFilter);

/** /driver-management's tab from its address (`?status=`), the review queue when none. */
export const driverFilterFrom = (params: URLSearchParams): DriverFilter => {
  const requested = params.get('status');
  return isFilter(requested) ? requested : 'pending';
};

/** /driver-management's route loader: the open tab's first page in the console's city, started with the route (decision 0080). */
export function prefetchDriverManagement(client: QueryClient, url: URL) {
  const city = consoleCityFor(client) ?? undefined;
  const request = firstListRequest({ status: driverFilterFrom(url.searchParams), city }, adminDriversList.defaultSort);
  return client.prefetchInfiniteQuery(listQuery<AdminDriver>({ endpoint: adminDriversList.endpoint, queryKey: adminDriversList.queryKey, request }));
}
