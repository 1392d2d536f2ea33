import { useQuery } from '@tanstack/react-query';
import type { MyDashboard } from '@openride/shared/dashboard/views';
import { call } from '@/lib/call';
import { useLivePollInterval } from '@/lib/realtime';
import { dashboardKeys } from './dashboard-keys';

export type { MyDashboard };

/** GET /api/drivers/me/dashboard: today's figures, goal, rates, rating and comments; polls while the socket is down. */
export function useMyDashboard() {
  const poll = useLivePollInterval();
  return useQuery({
    queryKey: dashboardKeys.figures,
    queryFn: ({ signal }) => call('GET /api/drivers/me/dashboard', {}, { signal }),
    refetchInterval: poll,
  });
}
