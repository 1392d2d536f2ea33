import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { useMe } from '@/lib/session';

export type DriverRecord = {
  id: string;
  status: 'available' | 'offline';
  /** 'pending' on application, 'approved' to go online; any other value is shown verbatim (§4). */
  verification_status: string;
  created_at: string;
  /** Set by the admin when rejecting; only some answers carry it. */
  rejection_reason?: string | null;
};

/** Under the driver key, so 'driver.changed' (the realtime bridge) and signing out reach it. */
export const driverQueryKey = (userId: string | undefined) => [...queryKeys.driver, userId] as const;

/** GET /api/drivers/me: the signed-in user's latest driver record, or null. */
export async function fetchMyDriver(): Promise<DriverRecord | null> {
  const { driver } = await api<{ driver: DriverRecord | null }>('/api/drivers/me');
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
  return (userId: string, options: DriverLoadOptions) =>
    queryClient.fetchQuery({ queryKey: driverQueryKey(userId), queryFn: fetchMyDriver, ...options });
}
