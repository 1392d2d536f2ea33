import { keepPreviousData, type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdjustmentInput } from '@openride/shared/finance/schemas';
import { call, hrefOf } from '@/lib/call';
import { rangeFromParams } from '@/lib/date-range';
import { auditLogKey, financeKeys } from './finance-keys';

/** What /financial-dashboard shows: the address's city (else San Francisco) and range (else the last 30 days), in the browser's time zone. */
export function financeDashboardRequest(params: URLSearchParams) {
  return { city: params.get('city') || 'sf', ...rangeFromParams(params, 30), tz: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC' };
}

/** GET /api/admin/finance/dashboard for a city and a range of days: one definition for the page and its route loader (decision 0080). */
export const financeDashboardQuery = (city: string, from: string, to: string, tz: string) =>
  queryOptions({
    queryKey: [...financeKeys.dashboard, city, from, to, tz],
    queryFn: ({ signal }) => call('GET /api/admin/finance/dashboard', { query: { city, from, to, tz } }, { signal }),
  });

export function useFinanceDashboard(city: string, from: string, to: string, tz: string) {
  return useQuery({ ...financeDashboardQuery(city, from, to, tz), placeholderData: keepPreviousData });
}

/** /financial-dashboard's route loader: the figures for the address, started with the route. */
export function prefetchFinanceDashboard(client: QueryClient, url: URL) {
  const { city, from, to, tz } = financeDashboardRequest(url.searchParams);
  return client.prefetchQuery(financeDashboardQuery(city, from, to, tz));
}

/** The ledger's entries in the admin kit's table: its endpoint (the contract's key), key and first order. */
export const ledgerEntriesList = {
  endpoint: hrefOf('GET /api/admin/ledger/entries'),
  queryKey: financeKeys.entries,
  defaultSort: { id: 'created_at', dir: 'desc' },
} as const;

/** POST /api/admin/ledger/adjustments; the dashboard, the entries and the audit log follow. */
export function usePostAdjustment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdjustmentInput) => call('POST /api/admin/ledger/adjustments', { body }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: financeKeys.dashboard }),
        client.invalidateQueries({ queryKey: financeKeys.entries }),
        client.invalidateQueries({ queryKey: auditLogKey }),
      ]),
  });
}
