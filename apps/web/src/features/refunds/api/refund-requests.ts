import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import type { RefundDecision } from '@openride/shared/refunds/schemas';
import type { AdminRefundDetail, AdminRefundRequest, RefundProposal } from '@openride/shared/refunds/views';
import { firstListRequest, listQuery } from '@/components/ui/list-query';
import { isApiError } from '@/lib/api';
import { consoleCityFor } from '@/lib/console-city';
import { call, hrefOf } from '@/lib/call';

export type { AdminRefundDetail, AdminRefundRequest, RefundProposal };
/** The data table's key for GET /api/admin/refund-requests (its pages and filters go below it). */
export const refundRequestsKey = ['admin', 'refund-requests'] as const;

/** The refund queue in the admin kit's table: its endpoint, key and first order (oldest first). */
export const refundRequestsList = {
  endpoint: hrefOf('GET /api/admin/refund-requests'),
  queryKey: refundRequestsKey,
  defaultSort: { id: 'created_at', dir: 'asc' },
} as const;

/** /refund-management's route loader: the queue's first page (the console's city), started with the route (decision 0080). */
export function prefetchRefundManagement(client: QueryClient) {
  const request = firstListRequest({ city: consoleCityFor(client) ?? undefined }, refundRequestsList.defaultSort);
  return client.prefetchInfiniteQuery(listQuery<AdminRefundRequest>({ endpoint: refundRequestsList.endpoint, queryKey: refundRequestsList.queryKey, request }));
}

/** GET /api/admin/refund-requests/:id: the request, its ride's story and money (the page and its route loader). */
export const refundRequestQuery = (id: string) =>
  queryOptions({
    queryKey: [...refundRequestsKey, 'detail', id] as const,
    queryFn: ({ signal }) => call('GET /api/admin/refund-requests/:id', { params: { id } }, { signal }),
    retry: (count, error) => !isApiError(error, 404) && count < 2,
  });

export const useRefundRequest = (id: string) => useQuery(refundRequestQuery(id));

/** /refund-management/{id}'s route loader: the request, started with the route. */
export const prefetchRefundRequest = (client: QueryClient, _url: URL, params: Params) => client.prefetchQuery(refundRequestQuery(params.id ?? ''));

/**
 * A staff member's step on a request, one way for both: the decision (POST …/decision) or support's proposal
 * (POST …/proposal, decision 0093). The answer replaces the page's data; the queue and the audit log follow.
 */
function useRefundStep(id: string, route: 'POST /api/admin/refund-requests/:id/decision' | 'POST /api/admin/refund-requests/:id/proposal') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: RefundDecision) => call(route, { params: { id }, body: decision }),
    onSuccess: (detail) => client.setQueryData([...refundRequestsKey, 'detail', id], detail),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: refundRequestsKey }), client.invalidateQueries({ queryKey: ['admin', 'audit-log'] })]),
  });
}

export const useDecideRefund = (id: string) => useRefundStep(id, 'POST /api/admin/refund-requests/:id/decision');
export const useProposeRefund = (id: string) => useRefundStep(id, 'POST /api/admin/refund-requests/:id/proposal');
