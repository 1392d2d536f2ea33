import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { rideKeys } from './ride-keys';
import type { RideView as Ride } from '@openride/shared/rides/views';

const ridePath = (rideId: string, verb: string) => `/api/rides/${encodeURIComponent(rideId)}/${verb}`;

/** POST /api/rides/:id/accept → the ride (driver view); 409 when someone else was faster or it expired. */
export function useAcceptOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rideId: string) => api<{ ride: Ride }>(ridePath(rideId, 'accept'), { method: 'POST' }),
    onSuccess: ({ ride }) => {
      client.setQueryData(rideKeys.ride(ride.id), ride);
      client.setQueryData(rideKeys.active, ride);
    },
    onSettled: () => client.setQueryData(rideKeys.offer, null),
  });
}

/** POST /api/rides/:id/decline (idempotent); the card goes at once, whatever the answer. */
export function useDeclineOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rideId: string) => api<{ ok: true }>(ridePath(rideId, 'decline'), { method: 'POST' }),
    onMutate: () => client.setQueryData(rideKeys.offer, null),
  });
}
