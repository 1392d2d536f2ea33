import { useMutation } from '@tanstack/react-query';
import type { CallResponse } from '@openride/shared/rides/views';
import { api } from '@/lib/api';

/** POST /api/rides/:id/call: the provider rings the caller, then connects them to the other party (decision 0034). */
export function useCallParty(rideId: string) {
  return useMutation({
    mutationFn: () => api<CallResponse>(`/api/rides/${encodeURIComponent(rideId)}/call`, { method: 'POST' }),
  });
}
