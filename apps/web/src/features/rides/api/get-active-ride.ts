import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { rideKeys } from './ride-keys';
import { useLivePollInterval } from '@/lib/realtime';

/** GET /api/rides/active: the caller's ride that has not ended (as rider, else as driver), or null. */
export function useActiveRide(enabled: boolean) {
  // Socket events keep it fresh; polled while the socket is down.
  const poll = useLivePollInterval();
  return useQuery({
    refetchInterval: poll,
    queryKey: rideKeys.active,
    queryFn: async () => (await call('GET /api/rides/active')).ride,
    enabled,
    staleTime: 0,
  });
}
