import { useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api';
import { type DriverRide, rideKey } from './types';

/** GET /api/rides/:id (404 for anyone but its rider and assigned driver: not retried). */
export function useRide(rideId: string) {
  return useQuery({
    queryKey: rideKey(rideId),
    queryFn: async () => (await api<{ ride: DriverRide }>(`/api/rides/${encodeURIComponent(rideId)}`)).ride,
    enabled: Boolean(rideId),
    retry: (count, error) => !isApiError(error, 404) && !isApiError(error, 401) && count < 2,
  });
}
