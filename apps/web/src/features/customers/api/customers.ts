import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import { customerText } from '@openride/shared/customers/customer-text';
import type { Customer, CustomerDetail } from '@openride/shared/customers/schemas';
import { firstListRequest, listQuery } from '@/components/ui/list-query';
import { isApiError } from '@/lib/api';
import { call, hrefOf } from '@/lib/call';
import { consoleCityFor } from '@/lib/console-city';
import { formatMoney } from '@/lib/money';

export type { Customer, CustomerDetail };
/** The data table's key for GET /api/admin/customers (its pages and filters go below it). */
export const customersKey = ['admin', 'customers'] as const;

/** The customers' list in the admin kit's table: its endpoint, key and first order (the table and the route's prefetch). */
export const customersList = { endpoint: hrefOf('GET /api/admin/customers'), queryKey: customersKey, defaultSort: { id: 'last_active', dir: 'desc' } } as const;

/** /customer-management's route loader: the table's first page in the console's city (no filter, no search), started with the route (decision 0080). */
export function prefetchCustomerManagement(client: QueryClient) {
  const city = consoleCityFor(client) ?? undefined;
  const request = firstListRequest({ city }, customersList.defaultSort);
  return client.prefetchInfiniteQuery(listQuery<Customer>({ endpoint: customersList.endpoint, queryKey: customersList.queryKey, request }));
}

/** A rider's fees per currency, each in its own currency (two are never added): "€5.00, $3.00"; "—" without any. */
export const formatFees = (fees: Record<string, number>) =>
  Object.keys(fees)
    .sort()
    .map((currency) => formatMoney(fees[currency]!, currency))
    .join(', ') || customerText.none;

/** POST /api/admin/riders/:id/block or /unblock, with the admin's reason; the list and the audit log follow. */
export function useSetRiderBlocked() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, blocked, reason }: { id: string; blocked: boolean; reason: string }) =>
      blocked
        ? call('POST /api/admin/riders/:id/block', { params: { id }, body: { reason } })
        : call('POST /api/admin/riders/:id/unblock', { params: { id }, body: { reason } }),
    onSettled: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: customersKey }), client.invalidateQueries({ queryKey: ['admin', 'audit-log'] })]);
    },
  });
}

/** GET /api/admin/customers/:id: one rider's record, counts, ride under way and history (the page and its route loader). */
export const customerDetailQuery = (id: string) =>
  queryOptions({
    queryKey: [...customersKey, 'detail', id] as const,
    queryFn: ({ signal }) => call('GET /api/admin/customers/:id', { params: { id } }, { signal }),
    retry: (count, error) => !isApiError(error, 404) && count < 2,
  });

export const useCustomerDetail = (id: string) => useQuery(customerDetailQuery(id));

/** /customer-management/{id}'s record, started with the route (the route adds the rides feature's table of their rides). */
export const prefetchCustomerDetail = (client: QueryClient, _url: URL, params: Params) => client.prefetchQuery(customerDetailQuery(params.id ?? ''));
