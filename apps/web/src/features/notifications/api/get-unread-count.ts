import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

import { call } from '@/lib/call';
import { useLivePollInterval } from '@/lib/realtime';
import { useMe } from '@/lib/session';
import { notificationsQueryKey } from './get-notifications';

/**
 * Under the bell's key (['notifications', userId, …]): the realtime bridge's invalidation on
 * `notification.changed` and the bell's own marking read refresh it.
 */
export const unreadCountKey = (userId: string | undefined) => [...notificationsQueryKey(userId), 'unread-count'] as const;

/**
 * GET /api/notifications/unread-count: every unread notification, not only those among the 50 the bell lists
 * (issue 27). `listed` is the bell's polled list: when it changes (a new notification, one read elsewhere) the
 * count is asked again, so the 5-second poll stays one request; besides, it polls only while the socket is down.
 */
export function useUnreadCount(listed: unknown) {
  const userId = useMe().data?.user.id;
  const poll = useLivePollInterval();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: unreadCountKey(userId),
    queryFn: ({ signal }) =>
      call('GET /api/notifications/unread-count', {}, { signal }).catch((error: unknown) => {
        // §8: notification fetch errors are only logged (the badge falls back to the list's own count).
        console.warn('[notifications] unread count failed', error);
        throw error;
      }),
    enabled: Boolean(userId),
    refetchInterval: poll,
  });
  // The list's data keeps its identity while the poll answers the same rows (structural sharing): a new
  // identity is a change. Its first arrival is not (the count is being fetched already).
  const seen = useRef(listed);
  useEffect(() => {
    const changed = seen.current !== undefined && seen.current !== listed;
    seen.current = listed;
    if (changed) void queryClient.invalidateQueries({ queryKey: unreadCountKey(userId), exact: true });
  }, [listed, queryClient, userId]);
  return query;
}
