import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { FLEET_WINDOWS } from '@openride/shared/analytics/fleet';
import { call } from '@/lib/call';
import { consoleCityFor } from '@/lib/console-city';
import { ISO_DAY, lastDays } from '@/lib/date-range';

/** Drivers move: the dashboard's live part refreshes on its own while the page is open. */
export const DASHBOARD_REFRESH_MS = 15_000;

const DEFAULT_DAYS = 30;
/** The shared module's windows, checked against it by type only: importing it would bring zod into the route loader's small chunk. */
const WINDOWS: readonly number[] = [7, 30, 90, 365] as const satisfies typeof FLEET_WINDOWS;

export const driverDashboardKey = (days: number, city: string | null) => ['admin', 'driver-dashboard', days, city] as const;

/** The window /driver-admin-dashboard shows: the address's `days` when it is one of the windows, else 30. */
export function driverDashboardDays(params: URLSearchParams) {
  const asked = Number(params.get('days'));
  return WINDOWS.includes(asked) ? asked : DEFAULT_DAYS;
}

/**
 * GET /api/admin/driver-dashboard for a window and the console's city (null: every city of the member's): one
 * definition for the page and its route loader (decision 0080).
 */
export const driverDashboardQuery = (days: number, city: string | null) =>
  queryOptions({
    queryKey: driverDashboardKey(days, city),
    queryFn: ({ signal }) => call('GET /api/admin/driver-dashboard', { query: { days, ...(city ? { city } : {}) } }, { signal }),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });

/** The previous window stays on screen while the next one loads. */
export function useDriverDashboard(days: number, city: string | null) {
  return useQuery({ ...driverDashboardQuery(days, city), placeholderData: keepPreviousData });
}

/** /driver-admin-dashboard's route loader: the dashboard for the address's window, started with the route. */
export const prefetchDriverDashboard = (client: QueryClient, url: URL) =>
  client.prefetchQuery(driverDashboardQuery(driverDashboardDays(url.searchParams), consoleCityFor(client)));

export type HeatmapParams = { from: string; to: string; from_hour: number; to_hour: number; tz: string };

const intParam = (v: string | null, min: number, max: number, fallback: number) => {
  const n = Number(v);
  return v !== null && Number.isInteger(n) && n >= min && n <= max ? n : fallback;
};

/** What /driver-heatmap asks for: the address's days (else today) and hours (else all day), in the browser's time zone. */
export function heatmapParams(params: URLSearchParams): HeatmapParams {
  const today = lastDays(1);
  const from = ISO_DAY.test(params.get('from') ?? '') ? params.get('from')! : today.from;
  const to = ISO_DAY.test(params.get('to') ?? '') ? params.get('to')! : today.to;
  const fromHour = intParam(params.get('from_hour'), 0, 23, 0);
  const toHour = Math.max(fromHour + 1, intParam(params.get('to_hour'), 1, 24, 24));
  return { from, to, from_hour: fromHour, to_hour: toHour, tz: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC' };
}

/** GET /api/admin/driver-heatmap for days and hours: one definition for the page and its route loader (decision 0080). */
export const heatmapQuery = (p: HeatmapParams, city: string | null) =>
  queryOptions({
    queryKey: ['admin', 'driver-heatmap', p.from, p.to, p.from_hour, p.to_hour, p.tz, city] as const,
    queryFn: ({ signal }) =>
      call(
        'GET /api/admin/driver-heatmap',
        { query: { from: p.from, to: p.to, from_hour: p.from_hour, to_hour: p.to_hour, tz: p.tz, ...(city ? { city } : {}) } },
        { signal },
      ),
    staleTime: 60_000,
  });

/** The console's city (the frame's selector), else every city of the member's (decision 0091). */
export function useHeatmap(p: HeatmapParams, city: string | null) {
  return useQuery({ ...heatmapQuery(p, city), placeholderData: keepPreviousData });
}

/** /driver-heatmap's route loader: the cells for the address's days and hours, started with the route. */
export const prefetchDriverHeatmap = (client: QueryClient, url: URL) =>
  client.prefetchQuery(heatmapQuery(heatmapParams(url.searchParams), consoleCityFor(client)));
