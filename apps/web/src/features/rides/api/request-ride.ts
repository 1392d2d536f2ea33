import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RideRequest } from '@openride/shared/rides/schemas';
import { isApiError } from '@/lib/api';
import { call } from '@/lib/call';
import { rideKeys } from './ride-keys';

/** POST /api/rides. On 409 (a ride is already active) the active ride is refetched so the page shows it. */
export function useRequestRide() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RideRequest) => call('POST /api/rides', { body: input }),
    onSuccess: ({ ride }) => {
      client.setQueryData(rideKeys.ride(ride.id), ride);
      client.setQueryData(rideKeys.active, ride);
      void client.invalidateQueries({ queryKey: rideKeys.history });
      // The owed fee is now carried by this ride: no quote shows it any more.
      void client.removeQueries({ queryKey: rideKeys.quotes });
    },
    onError: (error) => {
      // Surge moved past the quote's hold: fetch the new fare for the rider to look at before requesting again.
      if (isApiError(error) && error.code === 'QUOTE_EXPIRED') void client.invalidateQueries({ queryKey: rideKeys.quotes });
      else if (isApiError(error, 409)) void client.invalidateQueries({ queryKey: rideKeys.active });
    },
  });
}
