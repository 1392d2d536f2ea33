import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateCityInput, CreateZoneInput, ImportZonesInput, UpdateCityInput, UpdateZoneInput } from '@openride/shared/zones/schemas';
import type { AdminCity, TestPoint, Zone } from '@openride/shared/zones/views';
import { adminCitiesKey, adminCitiesQuery } from '@/lib/admin-cities';
import { adminZonesKey, adminZonesQuery, useAdminZones } from '@/lib/admin-zones';
import { call, hrefOf } from '@/lib/call';

export type { AdminCity, TestPoint, Zone };

/** Every key of the zones domain. */
export const zoneKeys = {
  cities: adminCitiesKey,
  zones: adminZonesKey,
  testPoint: (lat: number, lng: number) => ['admin', 'zones', 'test-point', lat, lng] as const,
};
const auditKey = ['admin', 'audit-log'] as const;

/** GET /api/admin/zones?city_id=…: every zone of the city, highest priority first (the shared definition). */
export const zonesQuery = adminZonesQuery;

export const useZones = useAdminZones;

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
    queryFn: ({ signal }) => call('GET /api/admin/zones/test-point', { query: { lat: point!.lat, lng: point!.lng } }, { signal }),
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
    mutationFn: (input: CreateCityInput) => call('POST /api/admin/cities', { body: input }).then((r) => r.city),
    onSettled: invalidate,
  });
}

/** PATCH /api/admin/cities/:id: the fields that changed. */
export function useUpdateCity() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, ...input }: UpdateCityInput & { id: string }) =>
      call('PATCH /api/admin/cities/:id', { params: { id }, body: input }).then((r) => r.city),
    onSettled: invalidate,
  });
}

/** POST /api/admin/zones, or PATCH /api/admin/zones/:id when `id` is given. */
export function useSaveZone() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, ...input }: (CreateZoneInput & { id?: undefined }) | (UpdateZoneInput & { id: string })) =>
      (id ? call('PATCH /api/admin/zones/:id', { params: { id }, body: input }) : call('POST /api/admin/zones', { body: input as CreateZoneInput })).then(
        (r) => r.zone,
      ),
    onSettled: invalidate,
  });
}

/** DELETE /api/admin/zones/:id. */
export function useDeleteZone() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => call('DELETE /api/admin/zones/:id', { params: { id } }).then((r) => r.zone),
    onSettled: invalidate,
  });
}

/** POST /api/admin/zones/import. */
export function useImportZones() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: ImportZonesInput) => call('POST /api/admin/zones/import', { body: input }).then((r) => r.items),
    onSettled: invalidate,
  });
}

/** Where the export downloads from (a plain link, not a fetch: the server answers it as an attachment). */
export const exportUrl = (cityId: string) => hrefOf('GET /api/admin/zones/export', { query: { city_id: cityId } });
