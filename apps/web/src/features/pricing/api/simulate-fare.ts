import { useMutation } from '@tanstack/react-query';
import type { SimulateFareInput } from '@openride/shared/pricing/schemas';
import { call } from '@/lib/call';

/** POST /api/admin/pricing/simulate: the fare a trip would get, line by line (changes nothing). */
export function useSimulateFare() {
  return useMutation({ mutationFn: (body: SimulateFareInput) => call('POST /api/admin/pricing/simulate', { body }) });
}
