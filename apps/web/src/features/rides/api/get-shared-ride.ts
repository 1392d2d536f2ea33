import { useQuery } from '@tanstack/react-query';
import { isApiError } from '@/lib/api';
import { call } from '@/lib/call';
import { rideKeys } from './ride-keys';

const POLL_MS = 5_000;

/** GET /api/share/:token, polled every 5 s while the ride is live (a viewer has no socket: no session). */
export function useSharedRide(token: string | undefined) {
  return useQuery({
    queryKey: rideKeys.shared(token ?? ''),
    queryFn: async () => (await call('GET /api/share/:token', { params: { token: token! } })).ride,
    enabled: Boolean(token),
    refetchInterval: (query) => {
      if (isApiError(query.state.error, 404)) return false;
      const status = query.state.data?.status;
      return status === 'completed' || status === 'cancelled' || status === 'no_driver' ? false : POLL_MS;
    },
    refetchIntervalInBackground: false,
    staleTime: 0,
  });
}
