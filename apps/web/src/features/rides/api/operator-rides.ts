import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminRideDetail, AdminRideRow } from '@openride/shared/rides/operator';
import { api } from '@/lib/api';

export type { AdminRideDetail, AdminRideRow };
/** The operator's ride list (the data table pages below it) and one ride's story. */
export const operatorRideKeys = {
  list: ['admin', 'rides'] as const,
  ride: (id: string) => ['admin', 'rides', 'detail', id] as const,
};

/** GET /api/admin/rides/:id. A ride under way is refreshed every 5 s while the page is open. */
export function useOperatorRide(id: string) {
  return useQuery({
    queryKey: operatorRideKeys.ride(id),
    queryFn: ({ signal }) => api<AdminRideDetail>(`/api/admin/rides/${encodeURIComponent(id)}`, { signal }),
    refetchInterval: (q) => (q.state.data && ['requested', 'accepted', 'arrived', 'in_progress'].includes(q.state.data.ride.status) ? 5000 : false),
  });
}

function useOperatorVerb<Input>(request: (id: string, input: Input) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: Input }) => request(id, input),
    onSettled: async (_data, _error, { id }) => {
      await Promise.all([client.invalidateQueries({ queryKey: operatorRideKeys.ride(id) }), client.invalidateQueries({ queryKey: ['admin', 'audit-log'] })]);
    },
  });
}

/** POST /api/admin/rides/:id/cancel with the reason the rider and driver read. */
export const useOperatorCancel = () =>
  useOperatorVerb((id, input: { reason: string }) => api(`/api/admin/rides/${encodeURIComponent(id)}/cancel`, { method: 'POST', body: input }));

/** POST /api/admin/rides/:id/redispatch: a fresh search for a ride still looking for a driver. */
export const useRedispatch = () => useOperatorVerb((id) => api(`/api/admin/rides/${encodeURIComponent(id)}/redispatch`, { method: 'POST' }));
