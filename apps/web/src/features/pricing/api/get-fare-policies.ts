import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { pageCityFor } from '@/lib/console-city';
import { pricingKeys } from './pricing-keys';

/** The city /pricing-settings opens on (unless the console names one: lib/console-city's pageCityOf). */
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

/** The city /pricing-settings opens on for this member: the console's city, else PRICING_DEFAULT_CITY (lib/console-city's pageCityOf). */
export const pricingCityFor = (client: QueryClient) => pageCityFor(client, PRICING_DEFAULT_CITY);

/** /pricing-settings' prefetch: the city's fare policies (pricingCityFor), started with the route (the route adds its zones). */
export const prefetchPricingSettings = (client: QueryClient, cityId: string) => client.prefetchQuery(farePoliciesQuery(cityId));
