import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api';
import { call, type CallInput } from '@/lib/call';
import { rideKeys } from './ride-keys';
import type { RideView as Ride } from '@openride/shared/rides/views';

export type RatingInput = CallInput<'POST /api/rides/:id/rating'>['body'];

/** POST /api/rides/:id/rating; the ride's `my_rating` then shows it (409: rated already, so refetch). */
export function useRateRide(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RatingInput) => call('POST /api/rides/:id/rating', { params: { id }, body: input }),
    onSuccess: ({ rating }) => {
      client.setQueryData<Ride>(rideKeys.ride(id), (ride) => (ride ? { ...ride, my_rating: { stars: rating.stars, comment: rating.comment ?? null } } : ride));
      void client.invalidateQueries({ queryKey: rideKeys.ride(id) });
    },
    onError: (error) => {
      if (isApiError(error, 409)) void client.invalidateQueries({ queryKey: rideKeys.ride(id) });
    },
  });
}
