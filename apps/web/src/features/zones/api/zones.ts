import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateCityInput, CreateZoneInput, ImportZonesInput, UpdateCityInput, UpdateZoneInput } from '@openride/shared/zones/schemas';
import type { AdminCity, TestPoint, Zone } from '@openride/shared/zones/views';
import { api } from '@/lib/api';
import { adminCitiesKey, adminCitiesQuery } from '@/lib/admin-cities';

export type { AdminCity, TestPoint, Zone };

/** Every key of the zones domain. */
export const zoneKeys = {
  cities: adminCitiesKey,
  zones: (cityId: string) => ['admin', 'zones', cityId] as const,
  testPoint: (lat: number, lng: number) => ['admin', 'zones', 'test-point', lat, lng] as const,
};
const auditKey = ['admin', 'audit-log'] as const;

/** GET /api/admin/zones?city_id=…: every zone of the city, highest priority first. */
export const zonesQuery = (cityId: string) =>
  queryOptions({
    queryKey: zoneKeys.zones(cityId),
    queryFn: ({ signal }) => api<{ items: Zone[] }>(`/api/admin/zones?city_id=${encodeURIComponent(cityId)}`, { signal }).then((r) => r.items),
  });

export function useZones(cityId: string | null) {
  return useQuery({ ...zonesQuery(cityId ?? ''), enabled: Boolean(cityId) });
}

/**
 * /geofence-management's route loader: the cities, started with the route. The page shows the first city's
 * zones, and which city is first is that answer's, so the zones are not prefetched.
 */
export const prefetchGeofenceManagement = (client: QueryClient) => client.prefetchQuery(adminCitiesQuery());

/** A city's zones started early (the route of /pricing-settings, which offers its pricing zones). */
export const prefetchZones = (client: QueryClient, cityId: string) => client.prefetchQuery(zonesQuery(cityId));

/** GET /api/admin/zones/test-point: what applies at a point. */
export function useTestPoint(point: { lat: number; lng: number } | null) {
  return useQuery({
    queryKey: zoneKeys.testPoint(point?.lat ?? 0, point?.lng ?? 0),
    enabled: Boolean(point),
    queryFn: ({ signal }) => api<TestPoint>(`/api/admin/zones/test-point?lat=${point!.lat}&lng=${point!.lng}`, { signal }),
  });
}

function useInvalidate() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['admin', 'zones'] }),
      client.invalidateQueries({ queryKey: zoneKeys.cities }),
      client.invalidateQueries({ queryKey: auditKey }),
    ]);
}

/** POST /api/admin/cities. */
export function useCreateCity() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: CreateCityInput) => api<{ city: AdminCity }>('/api/admin/cities', { method: 'POST', body: input }).then((r) => r.city),
    onSettled: invalidate,
  });
}

/** PATCH /api/admin/cities/:id: the fields that changed. */
export function useUpdateCity() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, ...input }: UpdateCityInput & { id: string }) =>
      api<{ city: AdminCity }>(`/api/admin/cities/${encodeURIComponent(id)}`, { method: 'PATCH', body: input }).then((r) => r.city),
    onSettled: invalidate,
  });
}

/** POST /api/admin/zones, or PATCH /api/admin/zones/:id when `id` is given. */
export function useSaveZone() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, ...input }: (CreateZoneInput & { id?: undefined }) | (UpdateZoneInput & { id: string })) =>
      api<{ zone: Zone }>(id ? `/api/admin/zones/${encodeURIComponent(id)}` : '/api/admin/zones', { method: id ? 'PATCH' : 'POST', body: input }).then(
        (r) => r.zone,
      ),
    onSettled: invalidate,
  });
}

/** DELETE /api/admin/zones/:id. */
export function useDeleteZone() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api<{ zone: Zone }>(`/api/admin/zones/${encodeURIComponent(id)}`, { method: 'DELETE' }).then((r) => r.zone),
    onSettled: invalidate,
  });
}

/** POST /api/admin/zones/import. */
export function useImportZones() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: ImportZonesInput) => api<{ items: Zone[] }>('/api/admin/zones/import', { method: 'POST', body: input }).then((r) => r.items),
    onSettled: invalidate,
  });
}

/** Where the export downloads from (a plain link: the server answers it as an attachment). */
export const exportUrl = (cityId: string) => `/api/admin/zones/export?city_id=${encodeURIComponent(cityId)}`;
