import { useQuery } from '@tanstack/react-query';
import type { Place } from '@openride/shared/rides/schemas';
import { call } from '@/lib/call';
import { publicKeys } from './public-keys';

export type EstimateTrip = { pickup: Place; destination: Place };

/**
 * POST /api/public/estimate once both places are chosen: the fare of every ride type for the trip now, surge
 * included (the rider's quote). Kept for a minute per trip; a refusal (outside the service area, a restricted
 * destination, too many estimates) is not retried.
 */
export function useFareEstimate(trip: EstimateTrip | null) {
  return useQuery({
    queryKey: publicKeys.estimate(trip),
    // Enabled only once both places are chosen.
    queryFn: ({ signal }) => call('POST /api/public/estimate', { body: trip! }, { signal }),
    enabled: trip !== null,
    staleTime: 60_000,
    retry: false,
  });
}
