import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdjustmentInput } from '@openride/shared/finance/schemas';
import type { FinanceDashboard } from '@openride/shared/finance/views';
import { api } from '@/lib/api';
import { auditLogKey, financeKeys } from './finance-keys';

/** GET /api/admin/finance/dashboard for a city and a range of days in the browser's time zone. */
export function useFinanceDashboard(city: string, from: string, to: string, tz: string) {
  return useQuery({
    queryKey: [...financeKeys.dashboard, city, from, to, tz],
    queryFn: ({ signal }) => api<FinanceDashboard>(`/api/admin/finance/dashboard?${new URLSearchParams({ city, from, to, tz })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/admin/ledger/adjustments; the dashboard, the entries and the audit log follow. */
export function usePostAdjustment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdjustmentInput) => api<{ transaction_id: string; posted: boolean; balance_cents: number }>('/api/admin/ledger/adjustments', { method: 'POST', body }),
    onSettled: () =>
      Promise.all([client.invalidateQueries({ queryKey: financeKeys.dashboard }), client.invalidateQueries({ queryKey: financeKeys.entries }), client.invalidateQueries({ queryKey: auditLogKey })]),
  });
}
