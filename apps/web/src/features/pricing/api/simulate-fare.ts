import { useMutation } from '@tanstack/react-query';
import type { SimulateFareInput } from '@openride/shared/pricing/schemas';
import type { SimulatedFare } from '@openride/shared/pricing/views';
import { api } from '@/lib/api';

/** POST /api/admin/pricing/simulate: the fare a trip would get, line by line (changes nothing). */
export function useSimulateFare() {
  return useMutation({ mutationFn: (body: SimulateFareInput) => api<SimulatedFare>('/api/admin/pricing/simulate', { method: 'POST', body }) });
}
