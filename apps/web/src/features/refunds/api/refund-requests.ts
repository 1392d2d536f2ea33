import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import type { RefundDecision } from '@openride/shared/refunds/schemas';
import type { AdminRefundDetail, AdminRefundRequest } from '@openride/shared/refunds/views';
import { firstListRequest, listQuery } from '@/components/ui/list-query';
import { isApiError } from '@/lib/api';
import { call, hrefOf } from '@/lib/call';

export type { AdminRefundDetail, AdminRefundRequest };
/** The data table's key for GET /api/admin/refund-requests (its pages and filters go below it). */
export const refundRequestsKey = ['admin', 'refund-requests'] as const;

/** The refund queue in the admin kit's table: its endpoint, key and first order (oldest first). */
export const refundRequestsList = {
  endpoint: hrefOf('GET /api/admin/refund-requests'),
  queryKey: refundRequestsKey,
  defaultSort: { id: 'created_at', dir: 'asc' },
} as const;

/** /refund-management's route loader: the queue's first page (no filter), started with the route (decision 0080). */
export function prefetchRefundManagement(client: QueryClient) {
  const request = firstListRequest({}, refundRequestsList.defaultSort);
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

/** POST /api/admin/refund-requests/:id/decision; the queue, the request and the audit log follow. */
export function useDecideRefund(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: RefundDecision) => call('POST /api/admin/refund-requests/:id/decision', { params: { id }, body: decision }),
    onSuccess: (detail) => client.setQueryData([...refundRequestsKey, 'detail', id], detail),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: refundRequestsKey }), client.invalidateQueries({ queryKey: ['admin', 'audit-log'] })]),
  });
}
