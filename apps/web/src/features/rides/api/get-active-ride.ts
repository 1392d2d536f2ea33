import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { rideKeys } from './ride-keys';
import type { RideView as Ride } from '@openride/shared/rides/views';
import { useLivePollInterval } from '@/lib/realtime';

/** GET /api/rides/active: the caller's ride that has not ended (as rider, else as driver), or null. */
export function useActiveRide(enabled: boolean) {
  // Socket events keep it fresh; polled while the socket is down.
  const poll = useLivePollInterval();
  return useQuery({
    refetchInterval: poll,
    queryKey: rideKeys.active,
    queryFn: async () => (await api<{ ride: Ride | null }>('/api/rides/active')).ride,
    enabled,
    staleTime: 0,
  });
}
