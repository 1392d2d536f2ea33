import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api';
import { rideKeys } from './ride-keys';
import type { RideView as Ride } from '@openride/shared/rides/views';

export type RatingInput = { stars: number; comment?: string };

/** POST /api/rides/:id/rating; the ride's `my_rating` then shows it (409: rated already, so refetch). */
export function useRateRide(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RatingInput) =>
      api<{ rating: { stars: number; comment: string | null } }>(`/api/rides/${encodeURIComponent(id)}/rating`, { method: 'POST', body: input }),
    onSuccess: ({ rating }) => {
      client.setQueryData<Ride>(rideKeys.ride(id), (ride) => (ride ? { ...ride, my_rating: { stars: rating.stars, comment: rating.comment ?? null } } : ride));
      void client.invalidateQueries({ queryKey: rideKeys.ride(id) });
    },
    onError: (error) => {
      if (isApiError(error, 409)) void client.invalidateQueries({ queryKey: rideKeys.ride(id) });
    },
  });
}
