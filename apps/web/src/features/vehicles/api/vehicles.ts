import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VehicleInput, VehicleReviewInput, VehicleRules } from '@openride/shared/vehicles/schemas';
import type { AdminVehicle, CityVehicleRules, Vehicle } from '@openride/shared/vehicles/views';
import { api } from '@/lib/api';

export type { AdminVehicle, CityVehicleRules, Vehicle };

/** Every key of the vehicles domain (decision 0046). */
export const vehicleKeys = {
  own: ['vehicles'] as const,
  queue: ['admin', 'vehicles'] as const,
  rules: (cityId: string) => ['admin', 'vehicle-rules', cityId] as const,
};
const auditKey = ['admin', 'audit-log'] as const;

/** GET /api/vehicles: the driver's vehicles, and whether they are on a ride now. */
export function useOwnVehicles() {
  return useQuery({ queryKey: vehicleKeys.own, queryFn: ({ signal }) => api<{ vehicles: Vehicle[]; on_ride: boolean }>('/api/vehicles', { signal }) });
}

/** POST /api/vehicles, or PATCH /api/vehicles/:id when editing: both go to verification. */
export function useSaveVehicle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: VehicleInput }) =>
      api<{ vehicle: Vehicle }>(id ? `/api/vehicles/${encodeURIComponent(id)}` : '/api/vehicles', { method: id ? 'PATCH' : 'POST', body: input }),
    onSettled: () => client.invalidateQueries({ queryKey: vehicleKeys.own }),
  });
}

/** POST /api/vehicles/:id/activate. */
export function useActivateVehicle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ vehicle: Vehicle }>(`/api/vehicles/${encodeURIComponent(id)}/activate`, { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: vehicleKeys.own }),
  });
}

/** POST /api/vehicles/:id/photos: attach an uploaded vehicle photo (the vehicle goes back to verification). */
export function useAttachPhoto() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, fileId }: { id: string; fileId: string }) =>
      api<{ vehicle: Vehicle }>(`/api/vehicles/${encodeURIComponent(id)}/photos`, { method: 'POST', body: { file_id: fileId } }),
    onSettled: () => client.invalidateQueries({ queryKey: vehicleKeys.own }),
  });
}

/** DELETE /api/vehicles/:id/photos/:fileId. */
export function useDetachPhoto() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, fileId }: { id: string; fileId: string }) =>
      api<{ vehicle: Vehicle }>(`/api/vehicles/${encodeURIComponent(id)}/photos/${encodeURIComponent(fileId)}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: vehicleKeys.own }),
  });
}

/** POST /api/admin/vehicles/:id/review; the queue and the audit log follow. */
export function useReviewVehicle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: VehicleReviewInput }) =>
      api<{ vehicle: Vehicle }>(`/api/admin/vehicles/${encodeURIComponent(id)}/review`, { method: 'POST', body: input }),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: vehicleKeys.queue }), client.invalidateQueries({ queryKey: auditKey })]),
  });
}

/** GET /api/admin/vehicle-rules/:city. */
export function useVehicleRules(cityId: string | null) {
  return useQuery({
    queryKey: vehicleKeys.rules(cityId ?? ''),
    enabled: Boolean(cityId),
    queryFn: ({ signal }) => api<CityVehicleRules>(`/api/admin/vehicle-rules/${encodeURIComponent(cityId!)}`, { signal }),
  });
}

/** PUT /api/admin/vehicle-rules/:city. */
export function useSetVehicleRules(cityId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rules: VehicleRules) => api<CityVehicleRules>(`/api/admin/vehicle-rules/${encodeURIComponent(cityId)}`, { method: 'PUT', body: rules }),
    onSuccess: (saved) => client.setQueryData(vehicleKeys.rules(cityId), saved),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: vehicleKeys.queue }), client.invalidateQueries({ queryKey: auditKey })]),
  });
}
