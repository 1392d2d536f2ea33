import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { rideKeys } from './ride-keys';
import type { Ride } from './types';

/**
 * GET /api/rides/:id, its rider's or its driver's view (404 for anyone else; the query client does not
 * retry a 4xx). Live updates come over the socket.
 */
export function useRide(id: string | undefined) {
  return useQuery({
    queryKey: rideKeys.ride(id ?? ''),
    queryFn: async () => (await api<{ ride: Ride }>(`/api/rides/${encodeURIComponent(id!)}`)).ride,
    enabled: Boolean(id),
    staleTime: 0,
  });
}
