import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { rideKeys } from './ride-keys';

/** POST /api/rides/:id/accept → the ride (driver view); 409 when someone else was faster or it expired. */
export function useAcceptOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rideId: string) => call('POST /api/rides/:id/accept', { params: { id: rideId }, body: {} }),
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
    mutationFn: (rideId: string) => call('POST /api/rides/:id/decline', { params: { id: rideId }, body: {} }),
    onMutate: () => client.setQueryData(rideKeys.offer, null),
  });
}
