import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './call';

/** Under the zones' key: an edit on /geofence-management refreshes every page's list of the city's zones. */
export const adminZonesKey = (cityId: string) => ['admin', 'zones', cityId] as const;

/**
 * GET /api/admin/zones?city_id=…: every zone of the city, highest priority first. The one definition that
 * /geofence-management, the cancellation policies and the promotions' pickup zones read (issue 28 §1).
 */
export const adminZonesQuery = (cityId: string) =>
  queryOptions({
    queryKey: adminZonesKey(cityId),
    queryFn: ({ signal }) => call('GET /api/admin/zones', { query: { city_id: cityId } }, { signal }).then((r) => r.items),
  });

/** The city's zones; asked for only once a city is chosen. */
export const useAdminZones = (cityId: string | null) => useQuery({ ...adminZonesQuery(cityId ?? ''), enabled: Boolean(cityId) });
