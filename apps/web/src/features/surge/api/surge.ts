import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SurgeRule } from '@openride/shared/surge/surge';
import type { SurgeOverview } from '@openride/shared/surge/views';
import { call } from '@/lib/call';
import { adminCitiesQuery } from '@/lib/admin-cities';
import { pageCityFor } from '@/lib/console-city';

export const surgeKeys = {
  all: ['admin', 'surge'] as const,
  overview: (cityId: string) => ['admin', 'surge', cityId] as const,
  timeline: (zoneId: string) => ['admin', 'surge', 'timeline', zoneId] as const,
};

/** The multiplier is updated every minute by the server: read it every 15 s while the page is open. */
const SURGE_POLL_MS = 15_000;

/** The city /surge-pricing shows: the address's `city`, else `fallback` (the console's city, else San Francisco: pageCityOf). */
export const surgeCity = (params: URLSearchParams, fallback = 'sf') => params.get('city') || fallback;

/** GET /api/admin/surge?city_id=: the rule, switches and every pricing zone now; one definition for the page and its route loader (decision 0080). */
export const surgeOverviewQuery = (cityId: string) =>
  queryOptions({
    queryKey: surgeKeys.overview(cityId),
    queryFn: ({ signal }) => call('GET /api/admin/surge', { query: { city_id: cityId } }, { signal }),
    refetchInterval: SURGE_POLL_MS,
  });

export function useSurgeOverview(cityId: string) {
  return useQuery(surgeOverviewQuery(cityId));
}

/** GET /api/admin/surge/zones/:id/timeline: the last 6 hours of one zone. */
export function useSurgeTimeline(zoneId: string | null) {
  return useQuery({
    queryKey: surgeKeys.timeline(zoneId ?? ''),
    queryFn: ({ signal }) => call('GET /api/admin/surge/zones/:id/timeline', { params: { id: zoneId! }, query: { hours: 6 } }, { signal }),
    enabled: !!zoneId,
    refetchInterval: SURGE_POLL_MS * 2,
  });
}

/** /surge-pricing's route loader: the address's city (else the console's) now and the city selector, started with the route. */
export const prefetchSurgePricing = (client: QueryClient, url: URL) =>
  Promise.all([client.prefetchQuery(surgeOverviewQuery(surgeCity(url.searchParams, pageCityFor(client, 'sf')))), client.prefetchQuery(adminCitiesQuery())]);

function useOverviewWrite<V>(cityId: string, request: (vars: V) => Promise<SurgeOverview>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (overview) => client.setQueryData(surgeKeys.overview(cityId), overview),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'audit-log'] }),
  });
}

export const useSaveSurgeRule = (cityId: string) =>
  useOverviewWrite(cityId, (rule: SurgeRule) => call('PUT /api/admin/surge/rule', { body: { city_id: cityId, rule } }));
export const useSetSurgeFrozen = (cityId: string) =>
  useOverviewWrite(cityId, (frozen: boolean) => call('POST /api/admin/surge/freeze', { body: { city_id: cityId, frozen } }));
export const useSetDemoRush = (cityId: string) =>
  useOverviewWrite(cityId, (on: boolean) => call('POST /api/admin/surge/demo-rush', { body: { city_id: cityId, on } }));

/** POST / DELETE /api/admin/surge/zones/:id/override; the overview is read again. */
export function useSurgeOverride(cityId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (vars: { zoneId: string; multiplier_tenths: number; until: string } | { zoneId: string; clear: true }) =>
      'clear' in vars
        ? call('DELETE /api/admin/surge/zones/:id/override', { params: { id: vars.zoneId } })
        : call('POST /api/admin/surge/zones/:id/override', {
            params: { id: vars.zoneId },
            body: { multiplier_tenths: vars.multiplier_tenths, until: vars.until },
          }),
    onSettled: () =>
      Promise.all([client.invalidateQueries({ queryKey: surgeKeys.overview(cityId) }), client.invalidateQueries({ queryKey: ['admin', 'audit-log'] })]),
  });
}
