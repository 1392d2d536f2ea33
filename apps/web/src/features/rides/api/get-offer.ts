import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { rideKeys } from './ride-keys';
import { useLivePollInterval } from '@/lib/realtime';

/** GET /api/drivers/me/offer: the open offer, so a reload brings the card back. */
export function useOpenOffer(enabled: boolean) {
  // Offers arrive over the socket; while it is down, the open offer is polled instead.
  const poll = useLivePollInterval();
  return useQuery({
    refetchInterval: poll,
    queryKey: rideKeys.offer,
    queryFn: async () => (await call('GET /api/drivers/me/offer')).offer,
    enabled,
    staleTime: 0,
  });
}
