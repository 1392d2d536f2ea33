import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MoneyReceipt, PaymentHistory } from '@openride/shared/payment-history/views';
import type { RefundRequestInput } from '@openride/shared/refunds/schemas';
import { isApiError } from '@/lib/api';
import { call } from '@/lib/call';

export type { MoneyReceipt, PaymentHistory };
export const paymentHistoryKey = ['payments', 'history'] as const;
export const moneyReceiptKey = (rideId: string) => ['payments', 'receipt', rideId] as const;

/** GET /api/payments/history, page after page ("Load more"); balances come with every page. */
export function usePaymentHistory() {
  return useInfiniteQuery({
    queryKey: paymentHistoryKey,
    queryFn: ({ pageParam, signal }) => call('GET /api/payments/history', { query: { limit: 20, cursor: pageParam } }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** GET /api/rides/:id/receipt: the fare lines and, for the rider, the ledger's money and refund requests. */
export function useMoneyReceipt(rideId: string) {
  return useQuery({
    queryKey: moneyReceiptKey(rideId),
    queryFn: ({ signal }) => call('GET /api/rides/:id/receipt', { params: { id: rideId } }, { signal }).then((r) => r.receipt),
    retry: (count, error) => !isApiError(error, 404) && !isApiError(error, 409) && count < 2,
  });
}

/** POST /api/rides/:id/refund-requests: "Report a problem with this fare"; the receipt and the history follow. */
export function useReportProblem(rideId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RefundRequestInput) => call('POST /api/rides/:id/refund-requests', { params: { id: rideId }, body: input }).then((r) => r.request),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: moneyReceiptKey(rideId) }), client.invalidateQueries({ queryKey: paymentHistoryKey })]),
  });
}
