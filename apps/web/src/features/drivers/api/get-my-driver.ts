import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { queryKeys } from '@/lib/query-keys';
import { useMe } from '@/lib/session';
import type { DriverState } from '@openride/shared/drivers/views';

/** The newest record's state (`GET /api/drivers/me`; `PATCH` and `driver.changed` carry it without the rejection reason). */
export type DriverRecord = DriverState & {
  rejection_reason?: string | null;
  suspended?: boolean;
  suspension_reason?: string | null;
  city?: { id: string; name: string } | null;
};

/** Under the driver key, so 'driver.changed' (the realtime bridge) and signing out reach it. */
export const driverQueryKey = (userId: string | undefined) => [...queryKeys.driver, userId] as const;

/** GET /api/drivers/me: the signed-in user's latest driver record, or null. */
export async function fetchMyDriver(): Promise<DriverRecord | null> {
  const { driver } = await call('GET /api/drivers/me');
  return driver;
}

/** The signed-in user's latest driver record; null for riders, disabled for visitors. */
export function useMyDriver() {
  const me = useMe();
  const userId = me.data?.user.id;
  return useQuery({
    queryKey: driverQueryKey(userId),
    queryFn: fetchMyDriver,
    enabled: Boolean(userId),
  });
}

/** How fresh the record must be, and whether a failed read is retried, for one decision. */
export type DriverLoadOptions = { staleTime: number; retry?: false };

/**
 * The record of `userId` through the cache, for a decision taken on a click (home's 'Go Online - Driver',
 * the post-login redirect). Route modules hand it to those features, which do not import this one.
 */
export function useLoadMyDriver() {
  const queryClient = useQueryClient();
  return (userId: string, options: DriverLoadOptions) => queryClient.fetchQuery({ queryKey: driverQueryKey(userId), queryFn: fetchMyDriver, ...options });
}
