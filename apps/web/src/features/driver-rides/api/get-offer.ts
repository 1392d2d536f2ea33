import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { offerKey, type RideOffer } from './types';

/** GET /api/drivers/me/offer: the open offer, so a reload brings the card back. */
export function useOpenOffer(enabled: boolean) {
  return useQuery({
    queryKey: offerKey,
    queryFn: async () => (await api<{ offer: RideOffer | null }>('/api/drivers/me/offer')).offer,
    enabled,
    staleTime: 0,
  });
}
