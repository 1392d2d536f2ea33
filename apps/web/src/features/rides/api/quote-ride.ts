import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Place } from '@openride/shared/rides/schemas';
import { call } from '@/lib/call';
import { rideKeys } from './ride-keys';

const round = (n: number) => n.toFixed(5);

/**
 * POST /api/rides/quote for the two points, refetched when either moves, and every minute while shown: a
 * quote's surge multiplier is held for two minutes (decision 0035), so the fare on screen is always one the
 * server will still honour.
 */
export function useRideQuote(pickup: Place | null, destination: Place | null) {
  const key = pickup && destination ? `${round(pickup.lat)},${round(pickup.lng)}>${round(destination.lat)},${round(destination.lng)}` : '';
  return useQuery({
    queryKey: rideKeys.quote(key),
    // Enabled only once both places are known.
    queryFn: ({ signal }) => call('POST /api/rides/quote', { body: { pickup: pickup!, destination: destination! } }, { signal }),
    enabled: Boolean(key),
    staleTime: 60_000,
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
  });
}
