import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MySos } from '@openride/shared/safety/sos-schemas';
import { call } from '@/lib/call';
import { useLivePollInterval, useRealtimeEvent } from '@/lib/realtime';
import { sosKeys } from './sos-keys';

/** GET /api/rides/:id/sos: the caller's open alert (the button's state), their contacts' count, the number to call. */
export function useMySos(rideId: string) {
  const client = useQueryClient();
  const live = useLivePollInterval();
  // An operator resolving it reaches the presser's own room: the button comes back.
  useRealtimeEvent('safety.sos_changed', (data) => {
    if (data.ride_id === rideId) void client.invalidateQueries({ queryKey: sosKeys.mine(rideId) });
  });
  return useQuery({
    queryKey: sosKeys.mine(rideId),
    queryFn: ({ signal }) => call('GET /api/rides/:id/sos', { params: { id: rideId } }, { signal }),
    // Only an open alert changes from elsewhere (an operator closing it); poll then, while the socket is down.
    refetchInterval: (query) => (query.state.data?.alert ? live : false),
  });
}

/** POST /api/rides/:id/sos: raise it (a second press answers the same alert). */
export function useRaiseSos(rideId: string) {
  const client = useQueryClient();
  return useMutation({
    // The contract's entry takes no body; `api` sends `{}` for any write without one, as this call did by hand.
    mutationFn: () => call('POST /api/rides/:id/sos', { params: { id: rideId } }),
    onSuccess: (res) =>
      client.setQueryData<MySos>(sosKeys.mine(rideId), (old) => ({
        alert: res.alert,
        contacts: old?.contacts ?? res.contacts_texted,
        emergency_number: res.emergency_number,
      })),
  });
}
