import { keepPreviousData, type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdjustmentInput } from '@openride/shared/finance/schemas';
import { call, hrefOf } from '@/lib/call';
import { pageCityFor } from '@/lib/console-city';
import { rangeFromParams } from '@/lib/date-range';
import { auditLogKey, financeKeys } from './finance-keys';

/** The city the dashboard opens on when neither the address nor the console names one. */
export const FINANCE_DASHBOARD_CITY = 'sf';

/**
 * What /financial-dashboard shows: the address's city (else `fallback`: the console's city, else San Francisco,
 * lib/console-city's pageCityOf) and range (else the last 30 days), in the browser's time zone.
 */
export function financeDashboardRequest(params: URLSearchParams, fallback = FINANCE_DASHBOARD_CITY) {
  return { city: params.get('city') || fallback, ...rangeFromParams(params, 30), tz: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC' };
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

/** /financial-dashboard's route loader: the figures for the address (and the console's city), started with the route. */
export function prefetchFinanceDashboard(client: QueryClient, url: URL) {
  const { city, from, to, tz } = financeDashboardRequest(url.searchParams, pageCityFor(client, FINANCE_DASHBOARD_CITY));
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
