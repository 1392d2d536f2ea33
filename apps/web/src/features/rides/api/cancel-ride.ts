import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { rideKeys } from './ride-keys';

/** POST /api/rides/:id/cancel (idempotent; 409 once the trip has started). */
export function useCancelRide(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call('POST /api/rides/:id/cancel', { params: { id }, body: {} }),
    onSuccess: ({ ride }) => {
      client.setQueryData(rideKeys.ride(id), ride);
      client.setQueryData(rideKeys.active, null);
      void client.invalidateQueries({ queryKey: rideKeys.history });
      // A late cancel leaves a fee owed: the next quote says so.
      void client.removeQueries({ queryKey: rideKeys.quotes });
    },
    onError: () => void client.invalidateQueries({ queryKey: rideKeys.ride(id) }),
  });
}
