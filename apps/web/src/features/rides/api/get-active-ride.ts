import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { rideKeys } from './ride-keys';
import type { Ride } from './types';

/** GET /api/rides/active: the caller's ride that has not ended (as rider, else as driver), or null. */
export function useActiveRide(enabled: boolean) {
  return useQuery({
    queryKey: rideKeys.active,
    queryFn: async () => (await api<{ ride: Ride | null }>('/api/rides/active')).ride,
    enabled,
    staleTime: 0,
  });
}
