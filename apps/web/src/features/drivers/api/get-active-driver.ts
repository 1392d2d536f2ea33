import type { DriverRecord as Driver } from '@openride/shared/drivers/views';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { driverQueryKey } from './get-my-driver';
import { useLivePollInterval } from '@/lib/realtime';

export type ActiveDriver = Driver;

/**
 * GET /api/drivers/me/active: the approved driver's record (200), or why not: 403 with the pending text,
 * 404 without a record, 401 signed out. Kept under the driver key, so 'driver.changed' refreshes it too.
 */
export function useActiveDriver(userId: string | undefined, enabled: boolean) {
  // 'driver.changed' keeps it fresh (another tab going online, a suspension); polled while the socket is down.
  const poll = useLivePollInterval();
  return useQuery({
    refetchInterval: poll,
    queryKey: [...driverQueryKey(userId), 'active'] as const,
    queryFn: async () => (await call('GET /api/drivers/me/active')).driver,
    enabled: Boolean(userId) && enabled,
    staleTime: 0,
  });
}
