import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DriverDashboard, Heatmap } from '@openride/shared/analytics/fleet';
import { api } from '@/lib/api';

/** Drivers move: the dashboard's live part refreshes on its own while the page is open. */
export const DASHBOARD_REFRESH_MS = 15_000;

export const driverDashboardKey = (days: number) => ['admin', 'driver-dashboard', days] as const;

/** GET /api/admin/driver-dashboard; the previous window stays on screen while the next one loads. */
export function useDriverDashboard(days: number) {
  return useQuery({
    queryKey: driverDashboardKey(days),
    queryFn: ({ signal }) => api<DriverDashboard>(`/api/admin/driver-dashboard?days=${days}`, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}

export type HeatmapParams = { from: string; to: string; from_hour: number; to_hour: number; tz: string };

/** GET /api/admin/driver-heatmap for days and hours. */
export function useHeatmap(p: HeatmapParams) {
  return useQuery({
    queryKey: ['admin', 'driver-heatmap', p.from, p.to, p.from_hour, p.to_hour, p.tz] as const,
    queryFn: ({ signal }) =>
      api<Heatmap>(`/api/admin/driver-heatmap?${new URLSearchParams({ from: p.from, to: p.to, from_hour: String(p.from_hour), to_hour: String(p.to_hour), tz: p.tz })}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
