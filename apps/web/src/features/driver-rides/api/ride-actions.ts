import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { activeRideKey, type DriverRide, rideKey } from './types';

export type RideAction = { verb: 'arrive' } | { verb: 'start'; pin: string } | { verb: 'complete' } | { verb: 'cancel'; reason?: string };

/** The driver's transitions: arrive, start (with the rider's PIN), complete, cancel. Each answers the ride. */
export function useRideAction(rideId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ verb, ...body }: RideAction) =>
      api<{ ride: DriverRide }>(`/api/rides/${encodeURIComponent(rideId)}/${verb}`, { method: 'POST', body }),
    onSuccess: ({ ride }) => client.setQueryData(rideKey(rideId), (old: DriverRide | undefined) => ({ ...old, ...ride })),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: rideKey(rideId), exact: true });
      void client.invalidateQueries({ queryKey: activeRideKey });
    },
  });
}

/** POST /api/rides/:id/rating (ride completed): 409 when already rated. */
export function useRateRide(rideId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { stars: number; comment?: string }) =>
      api<{ rating: unknown }>(`/api/rides/${encodeURIComponent(rideId)}/rating`, { method: 'POST', body: input }),
    onSettled: () => void client.invalidateQueries({ queryKey: rideKey(rideId), exact: true }),
  });
}
