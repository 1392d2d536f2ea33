import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/call';

/** POST /api/rides/:id/call: the provider rings the caller, then connects them to the other party (decision 0034). */
export function useCallParty(rideId: string) {
  return useMutation({
    mutationFn: () => call('POST /api/rides/:id/call', { params: { id: rideId }, body: {} }),
  });
}
