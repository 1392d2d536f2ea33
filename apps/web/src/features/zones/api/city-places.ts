import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateCityPlaceInput, ImportCityPlacesInput, UpdateCityPlaceInput } from '@openride/shared/places/schemas';
import type { CityPlace } from '@openride/shared/places/views';
import { call } from '@/lib/call';

export type { CityPlace };

/** Every key of a city's places in the console. */
export const cityPlaceKeys = { all: ['admin', 'city-places'] as const, of: (cityId: string) => ['admin', 'city-places', cityId] as const };
const auditKey = ['admin', 'audit-log'] as const;

/** GET /api/admin/cities/:id/places: every place of the city, by name. */
export function useCityPlaces(cityId: string | null) {
  return useQuery({
    queryKey: cityPlaceKeys.of(cityId ?? ''),
    enabled: Boolean(cityId),
    queryFn: ({ signal }) => call('GET /api/admin/cities/:id/places', { params: { id: cityId! } }, { signal }).then((r) => r.items),
  });
}

function useInvalidate() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: cityPlaceKeys.all }), client.invalidateQueries({ queryKey: auditKey })]);
}

/** POST /api/admin/cities/:id/places, or PATCH /api/admin/city-places/:id when `id` is given. */
export function useSaveCityPlace(cityId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, ...input }: (CreateCityPlaceInput & { id?: undefined }) | (UpdateCityPlaceInput & { id: string })) =>
      (id
        ? call('PATCH /api/admin/city-places/:id', { params: { id }, body: input })
        : call('POST /api/admin/cities/:id/places', { params: { id: cityId }, body: input as CreateCityPlaceInput })
      ).then((r) => r.place),
    onSettled: invalidate,
  });
}

/** DELETE /api/admin/city-places/:id. */
export function useDeleteCityPlace() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => call('DELETE /api/admin/city-places/:id', { params: { id } }).then((r) => r.place),
    onSettled: invalidate,
  });
}

/** POST /api/admin/cities/:id/places/import: all or nothing. */
export function useImportCityPlaces(cityId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: ImportCityPlacesInput) =>
      call('POST /api/admin/cities/:id/places/import', { params: { id: cityId }, body: input }).then((r) => r.items),
    onSettled: invalidate,
  });
}
