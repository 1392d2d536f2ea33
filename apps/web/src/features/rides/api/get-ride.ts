import { useQuery } from '@tanstack/react-query';
import { isTerminal } from '@openride/shared/rides/ride-state';
import { call } from '@/lib/call';
import { rideKeys } from './ride-keys';
import { useLivePollInterval } from '@/lib/realtime';

/**
 * GET /api/rides/:id, its rider's or its driver's view (404 for anyone else; the query client does not
 * retry a 4xx). Live updates come over the socket; while it is down, polled until the ride has ended.
 */
export function useRide(id: string | undefined) {
  const poll = useLivePollInterval();
  return useQuery({
    refetchInterval: (query) => (query.state.data && isTerminal(query.state.data.status) ? false : poll),
    queryKey: rideKeys.ride(id ?? ''),
    queryFn: async () => (await call('GET /api/rides/:id', { params: { id: id! } })).ride,
    enabled: Boolean(id),
    staleTime: 0,
  });
}
