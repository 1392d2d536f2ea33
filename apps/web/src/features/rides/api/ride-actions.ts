import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { rideKeys } from './ride-keys';
import type { RideView as Ride } from '@openride/shared/rides/views';

export type RideAction = { verb: 'arrive' } | { verb: 'start'; pin: string } | { verb: 'complete' } | { verb: 'cancel'; reason?: string; no_show?: boolean };

function rideVerb(rideId: string, action: RideAction) {
  const params = { id: rideId };
  switch (action.verb) {
    case 'arrive':
      return call('POST /api/rides/:id/arrive', { params, body: {} });
    case 'start':
      return call('POST /api/rides/:id/start', { params, body: { pin: action.pin } });
    case 'complete':
      return call('POST /api/rides/:id/complete', { params, body: {} });
    case 'cancel': {
      const { verb: _verb, ...body } = action;
      return call('POST /api/rides/:id/cancel', { params, body });
    }
  }
}

/** The driver's transitions: arrive, start (with the rider's PIN), complete, cancel. Each answers the ride. */
export function useRideAction(rideId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: RideAction) => rideVerb(rideId, action),
    onSuccess: ({ ride }) => client.setQueryData(rideKeys.ride(rideId), (old: Ride | undefined) => ({ ...old, ...ride })),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: rideKeys.ride(rideId), exact: true });
      void client.invalidateQueries({ queryKey: rideKeys.active });
    },
  });
}
