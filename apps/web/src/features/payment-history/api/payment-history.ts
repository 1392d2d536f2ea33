import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MoneyReceipt, PaymentHistory } from '@openride/shared/payment-history/views';
import type { RefundRequestInput } from '@openride/shared/refunds/schemas';
import type { RefundRequestView } from '@openride/shared/refunds/views';
import { api, isApiError } from '@/lib/api';

export type { MoneyReceipt, PaymentHistory };
export const paymentHistoryKey = ['payments', 'history'] as const;
export const moneyReceiptKey = (rideId: string) => ['payments', 'receipt', rideId] as const;

/** GET /api/payments/history, page after page ("Load more"); balances come with every page. */
export function usePaymentHistory() {
  return useInfiniteQuery({
    queryKey: paymentHistoryKey,
    queryFn: ({ pageParam, signal }) =>
      api<PaymentHistory>(`/api/payments/history?limit=20${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** GET /api/rides/:id/receipt: the fare lines and, for the rider, the ledger's money and refund requests. */
export function useMoneyReceipt(rideId: string) {
  return useQuery({
    queryKey: moneyReceiptKey(rideId),
    queryFn: ({ signal }) => api<{ receipt: MoneyReceipt }>(`/api/rides/${encodeURIComponent(rideId)}/receipt`, { signal }).then((r) => r.receipt),
    retry: (count, error) => !isApiError(error, 404) && !isApiError(error, 409) && count < 2,
  });
}

/** POST /api/rides/:id/refund-requests: "Report a problem with this fare"; the receipt and the history follow. */
export function useReportProblem(rideId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RefundRequestInput) =>
      api<{ request: RefundRequestView }>(`/api/rides/${encodeURIComponent(rideId)}/refund-requests`, { method: 'POST', body: input }).then((r) => r.request),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: moneyReceiptKey(rideId) }), client.invalidateQueries({ queryKey: paymentHistoryKey })]),
  });
}
