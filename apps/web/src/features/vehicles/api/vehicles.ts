import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VehicleInput, VehicleReviewInput, VehicleRules } from '@openride/shared/vehicles/schemas';
import type { AdminVehicle, CityVehicleRules, Vehicle } from '@openride/shared/vehicles/views';
import { call, hrefOf } from '@/lib/call';

export type { AdminVehicle, CityVehicleRules, Vehicle };

/** Every key of the vehicles domain (decision 0046). */
export const vehicleKeys = {
  own: ['vehicles'] as const,
  queue: ['admin', 'vehicles'] as const,
  rules: (cityId: string) => ['admin', 'vehicle-rules', cityId] as const,
};
const auditKey = ['admin', 'audit-log'] as const;

/** The vehicles' review queue in the admin kit's table: its endpoint (the contract's key), key, parameters and first order. */
export const adminVehiclesList = {
  endpoint: hrefOf('GET /api/admin/vehicles'),
  queryKey: vehicleKeys.queue,
  params: { status: 'pending' },
  defaultSort: { id: 'created_at', dir: 'asc' },
} as const;

/** GET /api/vehicles: the driver's vehicles, and whether they are on a ride now. */
export function useOwnVehicles() {
  return useQuery({ queryKey: vehicleKeys.own, queryFn: ({ signal }) => call('GET /api/vehicles', {}, { signal }) });
}

/** POST /api/vehicles, or PATCH /api/vehicles/:id when editing: both go to verification. */
export function useSaveVehicle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: VehicleInput }) =>
      id ? call('PATCH /api/vehicles/:id', { params: { id }, body: input }) : call('POST /api/vehicles', { body: input }),
    onSettled: () => client.invalidateQueries({ queryKey: vehicleKeys.own }),
  });
}

/** POST /api/vehicles/:id/activate. */
export function useActivateVehicle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call('POST /api/vehicles/:id/activate', { params: { id }, body: {} }),
    onSettled: () => client.invalidateQueries({ queryKey: vehicleKeys.own }),
  });
}

/** POST /api/vehicles/:id/photos: attach an uploaded vehicle photo (the vehicle goes back to verification). */
export function useAttachPhoto() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, fileId }: { id: string; fileId: string }) => call('POST /api/vehicles/:id/photos', { params: { id }, body: { file_id: fileId } }),
    onSettled: () => client.invalidateQueries({ queryKey: vehicleKeys.own }),
  });
}

/** DELETE /api/vehicles/:id/photos/:fileId. */
export function useDetachPhoto() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, fileId }: { id: string; fileId: string }) => call('DELETE /api/vehicles/:id/photos/:fileId', { params: { id, fileId } }),
    onSettled: () => client.invalidateQueries({ queryKey: vehicleKeys.own }),
  });
}

/** POST /api/admin/vehicles/:id/review; the queue and the audit log follow. */
export function useReviewVehicle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: VehicleReviewInput }) => call('POST /api/admin/vehicles/:id/review', { params: { id }, body: input }),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: vehicleKeys.queue }), client.invalidateQueries({ queryKey: auditKey })]),
  });
}

/** GET /api/admin/vehicle-rules/:city. */
export function useVehicleRules(cityId: string | null) {
  return useQuery({
    queryKey: vehicleKeys.rules(cityId ?? ''),
    enabled: Boolean(cityId),
    queryFn: ({ signal }) => call('GET /api/admin/vehicle-rules/:city', { params: { city: cityId! } }, { signal }),
  });
}

/** PUT /api/admin/vehicle-rules/:city. */
export function useSetVehicleRules(cityId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rules: VehicleRules) => call('PUT /api/admin/vehicle-rules/:city', { params: { city: cityId }, body: rules }),
    onSuccess: (saved) => client.setQueryData(vehicleKeys.rules(cityId), saved),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: vehicleKeys.queue }), client.invalidateQueries({ queryKey: auditKey })]),
  });
}
