import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { activeRideKey, type DriverRide } from './types';

/** GET /api/rides/active: the caller's ride in progress (as rider, else as driver), or null. */
export function useActiveRide(enabled: boolean) {
  return useQuery({
    queryKey: activeRideKey,
    queryFn: async () => (await api<{ ride: DriverRide | null }>('/api/rides/active')).ride,
    enabled,
    staleTime: 0,
  });
}
