import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { rideKeys } from './ride-keys';

/** GET /api/rides/:id/receipt, once the ride is completed (it never changes after). */
export function useReceipt(id: string, enabled: boolean) {
  return useQuery({
    queryKey: rideKeys.receipt(id),
    queryFn: async () => (await call('GET /api/rides/:id/receipt', { params: { id } })).receipt,
    enabled,
    staleTime: Infinity,
  });
}
