import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { pricingKeys } from './pricing-keys';

/** The city /pricing-settings opens on. */
export const PRICING_DEFAULT_CITY = 'sf';

/** GET /api/admin/pricing/:city: the versions in force per scope × ride type, and every version; one definition for the page and its route loader (decision 0080). */
export const farePoliciesQuery = (cityId: string) =>
  queryOptions({
    queryKey: pricingKeys.city(cityId),
    queryFn: ({ signal }) => call('GET /api/admin/pricing/:city', { params: { city: cityId } }, { signal }),
  });

export function useFarePolicies(cityId: string) {
  return useQuery(farePoliciesQuery(cityId));
}

/** /pricing-settings' prefetch: the first city's fare policies, started with the route (the route adds its zones). */
export const prefetchPricingSettings = (client: QueryClient) => client.prefetchQuery(farePoliciesQuery(PRICING_DEFAULT_CITY));
