import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FinancialSettingsInput } from '@openride/shared/finance/schemas';
import { call } from '@/lib/call';
import { pageCityFor } from '@/lib/console-city';
import { auditLogKey, financeKeys } from './finance-keys';

/** The city /financial-settings opens on (unless the console names one: lib/console-city's pageCityOf). */
export const FINANCE_DEFAULT_CITY = 'sf';

/** GET /api/admin/financial-settings/:city: the version in force, every version, whether the currency may change. */
export const financialSettingsQuery = (cityId: string) =>
  queryOptions({
    queryKey: financeKeys.settings(cityId),
    queryFn: ({ signal }) => call('GET /api/admin/financial-settings/:city', { params: { city: cityId } }, { signal }),
  });

export function useFinancialSettings(cityId: string) {
  return useQuery(financialSettingsQuery(cityId));
}

/** /financial-settings' route loader: the first city's settings, started with the route (decision 0080). */
export const prefetchFinancialSettings = (client: QueryClient) => client.prefetchQuery(financialSettingsQuery(pageCityFor(client, FINANCE_DEFAULT_CITY)));

/** POST a new version; the page and the audit log follow. */
export function useCreateFinancialSettings(cityId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FinancialSettingsInput) => call('POST /api/admin/financial-settings/:city', { params: { city: cityId }, body }),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: financeKeys.settings(cityId) }), client.invalidateQueries({ queryKey: auditLogKey })]),
  });
}

/** PUT the city's currency (only while it has no books). */
export function useSetCityCurrency(cityId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (currency: string) => call('PUT /api/admin/financial-settings/:city/currency', { params: { city: cityId }, body: { currency } }),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: financeKeys.settings(cityId) }), client.invalidateQueries({ queryKey: auditLogKey })]),
  });
}
