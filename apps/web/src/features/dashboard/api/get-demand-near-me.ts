import { useQuery } from '@tanstack/react-query';
import type { DemandNear } from '@openride/shared/dashboard/views';
import { call } from '@/lib/call';
import { useLivePollInterval } from '@/lib/realtime';
import { dashboardKeys } from './dashboard-keys';

export type { DemandNear };

/** Demand changes by the minute, not by event: refreshed every minute, and at the live poll while the socket is down. */
const DEMAND_REFRESH_MS = 60_000;

/** GET /api/drivers/me/demand: ride requests per heatmap cell near the driver (counts only). */
export function useDemandNearMe() {
  const poll = useLivePollInterval();
  return useQuery({
    queryKey: dashboardKeys.demand,
    queryFn: ({ signal }) => call('GET /api/drivers/me/demand', {}, { signal }),
    refetchInterval: poll === false ? DEMAND_REFRESH_MS : Math.min(poll, DEMAND_REFRESH_MS),
  });
}
