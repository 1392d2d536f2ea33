import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { rideKeys } from './ride-keys';
import type { RideOffer } from './types';

/** GET /api/drivers/me/offer: the open offer, so a reload brings the card back. */
export function useOpenOffer(enabled: boolean) {
  return useQuery({
    queryKey: rideKeys.offer,
    queryFn: async () => (await api<{ offer: RideOffer | null }>('/api/drivers/me/offer')).offer,
    enabled,
    staleTime: 0,
  });
}
