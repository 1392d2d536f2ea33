import { useQuery } from '@tanstack/react-query';
import { NOTIFICATIONS_LIMIT, NOTIFICATIONS_REFETCH_MS } from '@openride/shared/constants';
import type { Notification } from '@openride/shared/notifications/schemas';
import { call } from '@/lib/call';
import { queryKeys } from '@/lib/query-keys';
import { useMe } from '@/lib/session';

export const notificationsQueryKey = (userId: string | undefined) => [...queryKeys.notifications, userId] as const;

async function getNotifications(): Promise<Notification[]> {
  try {
    const list = await call('GET /api/notifications');
    // §7: newest first, at most 50, whatever order the server happens to send.
    return [...list].sort((a, b) => b.created_at.localeCompare(a.created_at)).slice(0, NOTIFICATIONS_LIMIT);
  } catch (error) {
    // §8: notification fetch errors are only logged.
    console.warn('[notifications] fetch failed', error);
    throw error;
  }
}

/** The signed-in user's notifications, polled every 5 s (§9) on top of the realtime invalidation. */
export function useNotifications() {
  const userId = useMe().data?.user.id;
  return useQuery({
    queryKey: notificationsQueryKey(userId),
    queryFn: getNotifications,
    enabled: Boolean(userId),
    refetchInterval: NOTIFICATIONS_REFETCH_MS,
    staleTime: 0,
  });
}
