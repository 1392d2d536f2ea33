import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { rideKeys } from './ride-keys';
import type { Receipt } from '@openride/shared/rides/views';

/** GET /api/rides/:id/receipt, once the ride is completed (it never changes after). */
export function useReceipt(id: string, enabled: boolean) {
  return useQuery({
    queryKey: rideKeys.receipt(id),
    queryFn: async () => (await api<{ receipt: Receipt }>(`/api/rides/${encodeURIComponent(id)}/receipt`)).receipt,
    enabled,
    staleTime: Infinity,
  });
}
