import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { activeRideKey, type DriverRide, offerKey, rideKey } from './types';

const ridePath = (rideId: string, verb: string) => `/api/rides/${encodeURIComponent(rideId)}/${verb}`;

/** POST /api/rides/:id/accept → the ride (driver view); 409 when someone else was faster or it expired. */
export function useAcceptOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rideId: string) => api<{ ride: DriverRide }>(ridePath(rideId, 'accept'), { method: 'POST', body: {} }),
    onSuccess: ({ ride }) => {
      client.setQueryData(rideKey(ride.id), ride);
      client.setQueryData(activeRideKey, ride);
    },
    onSettled: () => client.setQueryData(offerKey, null),
  });
}

/** POST /api/rides/:id/decline (idempotent); the card goes at once, whatever the answer. */
export function useDeclineOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rideId: string) => api<{ ok: true }>(ridePath(rideId, 'decline'), { method: 'POST', body: {} }),
    onMutate: () => client.setQueryData(offerKey, null),
  });
}
