import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FarePolicyInput } from '@openride/shared/pricing/schemas';
import { call } from '@/lib/call';
import { auditLogKey, pricingKeys } from './pricing-keys';

/** POST /api/admin/pricing/:city/policies: the next version; the list and the audit log follow. */
export function useCreateFarePolicy(cityId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FarePolicyInput) => call('POST /api/admin/pricing/:city/policies', { params: { city: cityId }, body }),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: pricingKeys.city(cityId) }), client.invalidateQueries({ queryKey: auditLogKey })]),
  });
}
