import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './call';

/** Under the zones' key: adding or editing a city on /geofence-management refreshes every page's list. */
export const adminCitiesKey = ['admin', 'cities'] as const;

/**
 * GET /api/admin/cities — every city with its currency, time zone and map centre: the one definition every
 * console page's city picker and route loader reads (issue 28 §1), typed by the route's contract.
 */
export const adminCitiesQuery = () =>
  queryOptions({ queryKey: adminCitiesKey, queryFn: ({ signal }) => call('GET /api/admin/cities', {}, { signal }).then((r) => r.items) });

export const useAdminCities = () => useQuery(adminCitiesQuery());
