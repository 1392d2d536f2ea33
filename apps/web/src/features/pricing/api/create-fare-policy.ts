import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FarePolicyInput } from '@openride/shared/pricing/schemas';
import type { FarePolicy } from '@openride/shared/pricing/views';
import { api } from '@/lib/api';
import { auditLogKey, pricingKeys } from './pricing-keys';

/** POST /api/admin/pricing/:city/policies: the next version; the list and the audit log follow. */
export function useCreateFarePolicy(cityId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FarePolicyInput) => api<{ policy: FarePolicy }>(`/api/admin/pricing/${encodeURIComponent(cityId)}/policies`, { method: 'POST', body }),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: pricingKeys.city(cityId) }), client.invalidateQueries({ queryKey: auditLogKey })]),
  });
}
