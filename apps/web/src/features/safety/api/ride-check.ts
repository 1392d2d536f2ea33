import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RideCheckView } from '@openride/shared/safety/ride-check';
import { call } from '@/lib/call';
import { RECONNECTED_EVENT, useLivePollInterval, useRealtimeEvent } from '@/lib/realtime';

export type { RideCheckView };

export const rideCheckKeys = {
  all: ['safety', 'ride-check'] as const,
  ride: (rideId: string) => ['safety', 'ride-check', rideId] as const,
};

/**
 * GET /api/rides/:id/ride-check: the check the caller is asked about (null when none). Refetched on
 * `safety.ride_check` (the ride's room, which the ride page already follows) and after a reconnect; polled while
 * the socket is down.
 */
export function useRideCheck(rideId: string) {
  const client = useQueryClient();
  const refetchInterval = useLivePollInterval();
  useRealtimeEvent('safety.ride_check', (data) => {
    if (data.ride_id === rideId) void client.invalidateQueries({ queryKey: rideCheckKeys.ride(rideId) });
  });
  useRealtimeEvent(RECONNECTED_EVENT, () => void client.invalidateQueries({ queryKey: rideCheckKeys.ride(rideId) }));
  return useQuery({
    queryKey: rideCheckKeys.ride(rideId),
    queryFn: ({ signal }) => call('GET /api/rides/:id/ride-check', { params: { id: rideId } }, { signal }).then((r) => r.check),
    enabled: rideId !== '',
    refetchInterval,
  });
}

/** POST /api/rides/:id/ride-check/ok: "I'm OK". */
export function useAnswerRideCheck(rideId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call('POST /api/rides/:id/ride-check/ok', { params: { id: rideId }, body: {} }),
    onSuccess: () => client.setQueryData(rideCheckKeys.ride(rideId), null),
    onSettled: () => client.invalidateQueries({ queryKey: rideCheckKeys.ride(rideId) }),
  });
}
