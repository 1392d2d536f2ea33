import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { rideChannel } from '@openride/shared/realtime';
import { RECONNECTED_EVENT, subscribeChannel, useRealtimeEvent } from '@/lib/realtime';
import { useRide } from '../api/get-ride';
import { rideKeys } from '../api/ride-keys';

/** One ride, live: the ride room's 'ride.changed' refetches it; the socket is told which room we watch. */
export function useLiveRide(rideId: string) {
  const client = useQueryClient();
  const ride = useRide(rideId);
  const status = ride.data?.status;
  const watching = Boolean(ride.data);
  useEffect(() => {
    if (!rideId || !watching) return;
    return subscribeChannel(rideChannel(rideId));
  }, [rideId, watching]);
  useRealtimeEvent('ride.changed', (data) => {
    if (data.id === rideId) void client.invalidateQueries({ queryKey: rideKeys.ride(rideId), exact: true });
  });
  // A ride we have: refetched, as events may have been missed; a ride that was not found stays so.
  useRealtimeEvent(
    RECONNECTED_EVENT,
    () => void client.invalidateQueries({ queryKey: rideKeys.ride(rideId), exact: true, predicate: (q) => q.state.data !== undefined }),
  );
  return { ride, status };
}
