import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FinancialSettingsInput } from '@openride/shared/finance/schemas';
import type { FinancialSettingsResponse, FinancialSettingsVersion } from '@openride/shared/finance/views';
import { api } from '@/lib/api';
import { auditLogKey, financeKeys } from './finance-keys';

const base = (cityId: string) => `/api/admin/financial-settings/${encodeURIComponent(cityId)}`;

/** The city /financial-settings opens on. */
export const FINANCE_DEFAULT_CITY = 'sf';

/** GET /api/admin/financial-settings/:city: the version in force, every version, whether the currency may change. */
export const financialSettingsQuery = (cityId: string) =>
  queryOptions({ queryKey: financeKeys.settings(cityId), queryFn: ({ signal }) => api<FinancialSettingsResponse>(base(cityId), { signal }) });

export function useFinancialSettings(cityId: string) {
  return useQuery(financialSettingsQuery(cityId));
}

/** /financial-settings' route loader: the first city's settings, started with the route (decision 0080). */
export const prefetchFinancialSettings = (client: QueryClient) => client.prefetchQuery(financialSettingsQuery(FINANCE_DEFAULT_CITY));

/** POST a new version; the page and the audit log follow. */
export function useCreateFinancialSettings(cityId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FinancialSettingsInput) => api<{ settings: FinancialSettingsVersion }>(base(cityId), { method: 'POST', body }),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: financeKeys.settings(cityId) }), client.invalidateQueries({ queryKey: auditLogKey })]),
  });
}

/** PUT the city's currency (only while it has no books). */
export function useSetCityCurrency(cityId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (currency: string) => api<{ city: FinancialSettingsResponse['city'] }>(`${base(cityId)}/currency`, { method: 'PUT', body: { currency } }),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: financeKeys.settings(cityId) }), client.invalidateQueries({ queryKey: auditLogKey })]),
  });
}
