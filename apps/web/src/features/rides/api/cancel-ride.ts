import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { rideKeys } from './ride-keys';
import type { RideView as Ride } from '@openride/shared/rides/views';

/** POST /api/rides/:id/cancel (idempotent; 409 once the trip has started). */
export function useCancelRide(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ ride: Ride }>(`/api/rides/${encodeURIComponent(id)}/cancel`, { method: 'POST' }),
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
