import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import type { AdminRideDetail, AdminRideRow } from '@openride/shared/rides/operator';
import { firstListRequest, listQuery, type ListParams } from '@/components/ui/list-query';
import { call, hrefOf } from '@/lib/call';
import { consoleCityFor } from '@/lib/console-city';
import { ISO_DAY } from '@/lib/date-range';

export type { AdminRideDetail, AdminRideRow };
/** The operator's ride list (the data table pages below it) and one ride's story. */
export const operatorRideKeys = {
  list: ['admin', 'rides'] as const,
  ride: (id: string) => ['admin', 'rides', 'detail', id] as const,
};

/** The operator's ride list in the admin kit's table: its endpoint, key and first order. */
export const operatorRidesList = {
  endpoint: hrefOf('GET /api/admin/rides'),
  queryKey: operatorRideKeys.list,
  defaultSort: { id: 'requested_at', dir: 'desc' },
} as const;

/** /booking-management's parameters from its address: the days, the browser's time zone, one driver's or rider's rides. */
export function bookingManagementParams(params: URLSearchParams) {
  const day = (key: 'from' | 'to') => (ISO_DAY.test(params.get(key) ?? '') ? params.get(key)! : '');
  return {
    from: day('from'),
    to: day('to'),
    tz: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
    // /driver/{id} links here with ?driver_id= (one driver's rides); ?rider_id= likewise.
    driverId: params.get('driver_id') ?? undefined,
    riderId: params.get('rider_id') ?? undefined,
  };
}

/** What the table sends besides its own search, filters and sort. */
export const operatorRidesParams = (p: ReturnType<typeof bookingManagementParams>) => ({
  from: p.from || undefined,
  to: p.to || undefined,
  tz: p.tz,
  driver_id: p.driverId,
  rider_id: p.riderId,
});

/** /booking-management's route loader: the table's first page for the address, started with the route (decision 0080). */
export function prefetchBookingManagement(client: QueryClient, url: URL) {
  return prefetchOperatorRides(client, operatorRidesParams(bookingManagementParams(url.searchParams)));
}

/** The first page of `OperatorRidesTable` with these `params` (and the console's city), as the table asks for it. */
export function prefetchOperatorRides(client: QueryClient, params: ListParams) {
  const city = consoleCityFor(client) ?? undefined;
  const request = firstListRequest({ ...params, city }, operatorRidesList.defaultSort);
  return client.prefetchInfiniteQuery(listQuery<AdminRideRow>({ endpoint: operatorRidesList.endpoint, queryKey: operatorRidesList.queryKey, request }));
}

/** /customer-management/{id}'s table of the rider's rides (`params={{ rider_id: id }}`), started with the route. */
export const prefetchRiderRides = (client: QueryClient, _url: URL, params: Params) => prefetchOperatorRides(client, { rider_id: params.id ?? '' });

/** GET /api/admin/rides/:id: one definition for the page and its route loader (decision 0080). */
export const operatorRideQuery = (id: string) =>
  queryOptions({
    queryKey: operatorRideKeys.ride(id),
    queryFn: ({ signal }) => call('GET /api/admin/rides/:id', { params: { id } }, { signal }),
  });

/** /booking-management/{id}'s route loader: the ride's story, started with the route. */
export const prefetchOperatorRide = (client: QueryClient, _url: URL, params: Params) => client.prefetchQuery(operatorRideQuery(params.id ?? ''));

/** A ride under way is refreshed every 5 s while the page is open. */
export function useOperatorRide(id: string) {
  return useQuery({
    ...operatorRideQuery(id),
    refetchInterval: (q) => (q.state.data && ['requested', 'accepted', 'arrived', 'in_progress'].includes(q.state.data.ride.status) ? 5000 : false),
  });
}

function useOperatorVerb<Input>(request: (id: string, input: Input) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: Input }) => request(id, input),
    onSettled: async (_data, _error, { id }) => {
      await Promise.all([client.invalidateQueries({ queryKey: operatorRideKeys.ride(id) }), client.invalidateQueries({ queryKey: ['admin', 'audit-log'] })]);
    },
  });
}

/** POST /api/admin/rides/:id/cancel with the reason the rider and driver read. */
export const useOperatorCancel = () =>
  useOperatorVerb((id, input: { reason: string }) => call('POST /api/admin/rides/:id/cancel', { params: { id }, body: input }));

/** POST /api/admin/rides/:id/redispatch: a fresh search for a ride still looking for a driver. */
export const useRedispatch = () => useOperatorVerb((id) => call('POST /api/admin/rides/:id/redispatch', { params: { id } }));
