import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import type { AdminDriverDetail } from '@openride/shared/rides/operator';
import { call } from '@/lib/call';
import { adminDriversKey } from './get-admin-drivers';
import { auditLogKey } from './get-audit-log';

export type { AdminDriverDetail };
export const driverDetailKey = (id: string) => [...adminDriversKey, 'detail', id] as const;

/** GET /api/admin/drivers/:id: one definition for the page and its route loader (decision 0080). */
export const driverDetailQuery = (id: string) =>
  queryOptions({ queryKey: driverDetailKey(id), queryFn: ({ signal }) => call('GET /api/admin/drivers/:id', { params: { id } }, { signal }) });

export const useDriverDetail = (id: string) => useQuery(driverDetailQuery(id));

/** GET /api/admin/drivers/:id/vehicles: the driver's vehicles, active first (decision 0048). */
export function useDriverVehicles(id: string) {
  return useQuery({
    queryKey: [...driverDetailKey(id), 'vehicles'] as const,
    queryFn: ({ signal }) => call('GET /api/admin/drivers/:id/vehicles', { params: { id } }, { signal }).then((r) => r.vehicles),
  });
}

/** GET /api/admin/drivers/:id/schedule: their week, time off and next shift (decision 0047). */
export function useDriverSchedule(id: string) {
  return useQuery({
    queryKey: [...driverDetailKey(id), 'schedule'] as const,
    queryFn: ({ signal }) => call('GET /api/admin/drivers/:id/schedule', { params: { id } }, { signal }).then((r) => r.schedule),
  });
}

/** GET /api/admin/drivers/:id/compliance: their papers against their city's requirements, and the hold (decision 0049). */
export const driverComplianceQuery = (id: string) =>
  queryOptions({
    queryKey: [...driverDetailKey(id), 'compliance'] as const,
    queryFn: ({ signal }) => call('GET /api/admin/drivers/:id/compliance', { params: { id } }, { signal }),
  });

export const useDriverCompliance = (id: string) => useQuery(driverComplianceQuery(id));

/**
 * /driver/{id}'s route loader (decision 0080): the driver's record and, beside it, their papers (the section
 * under the figures, else asked for only once the record has rendered).
 */
export function prefetchDriverDetail(client: QueryClient, _url: URL, params: Params) {
  const id = params.id ?? '';
  return Promise.all([client.prefetchQuery(driverDetailQuery(id)), client.prefetchQuery(driverComplianceQuery(id))]);
}

/** POST /api/admin/drivers/:id/suspend or /reinstate with the admin's reason. */
export function useSetSuspended() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, suspend, reason }: { id: string; suspend: boolean; reason: string }) =>
      suspend
        ? call('POST /api/admin/drivers/:id/suspend', { params: { id }, body: { reason } })
        : call('POST /api/admin/drivers/:id/reinstate', { params: { id }, body: { reason } }),
    onSettled: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: adminDriversKey }), client.invalidateQueries({ queryKey: auditLogKey })]);
    },
  });
}
