import { useQuery } from '@tanstack/react-query';
import type { FarePoliciesResponse } from '@openride/shared/pricing/views';
import { api } from '@/lib/api';
import { pricingKeys } from './pricing-keys';

/** GET /api/admin/pricing/:city: the versions in force per scope × ride type, and every version. */
export function useFarePolicies(cityId: string) {
  return useQuery({
    queryKey: pricingKeys.city(cityId),
    queryFn: ({ signal }) => api<FarePoliciesResponse>(`/api/admin/pricing/${encodeURIComponent(cityId)}`, { signal }),
  });
}
