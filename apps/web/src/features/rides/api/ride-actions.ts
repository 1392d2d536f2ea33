import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { rideKeys } from './ride-keys';
import type { RideView as Ride } from '@openride/shared/rides/views';

export type RideAction = { verb: 'arrive' } | { verb: 'start'; pin: string } | { verb: 'complete' } | { verb: 'cancel'; reason?: string; no_show?: boolean };

/** The driver's transitions: arrive, start (with the rider's PIN), complete, cancel. Each answers the ride. */
export function useRideAction(rideId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ verb, ...body }: RideAction) => api<{ ride: Ride }>(`/api/rides/${encodeURIComponent(rideId)}/${verb}`, { method: 'POST', body }),
    onSuccess: ({ ride }) => client.setQueryData(rideKeys.ride(rideId), (old: Ride | undefined) => ({ ...old, ...ride })),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: rideKeys.ride(rideId), exact: true });
      void client.invalidateQueries({ queryKey: rideKeys.active });
    },
  });
}
