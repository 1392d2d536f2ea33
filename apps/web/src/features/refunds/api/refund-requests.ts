import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RefundDecision } from '@openride/shared/refunds/schemas';
import type { AdminRefundDetail, AdminRefundRequest } from '@openride/shared/refunds/views';
import { api, isApiError } from '@/lib/api';

export type { AdminRefundDetail, AdminRefundRequest };
/** The data table's key for GET /api/admin/refund-requests (its pages and filters go below it). */
export const refundRequestsKey = ['admin', 'refund-requests'] as const;

/** GET /api/admin/refund-requests/:id: the request, its ride's story and money. */
export function useRefundRequest(id: string) {
  return useQuery({
    queryKey: [...refundRequestsKey, 'detail', id] as const,
    queryFn: ({ signal }) => api<AdminRefundDetail>(`/api/admin/refund-requests/${encodeURIComponent(id)}`, { signal }),
    retry: (count, error) => !isApiError(error, 404) && count < 2,
  });
}

/** POST /api/admin/refund-requests/:id/decision; the queue, the request and the audit log follow. */
export function useDecideRefund(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: RefundDecision) => api<AdminRefundDetail>(`/api/admin/refund-requests/${encodeURIComponent(id)}/decision`, { method: 'POST', body: decision }),
    onSuccess: (detail) => client.setQueryData([...refundRequestsKey, 'detail', id], detail),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: refundRequestsKey }), client.invalidateQueries({ queryKey: ['admin', 'audit-log'] })]),
  });
}
