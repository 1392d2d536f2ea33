import { useInfiniteQuery } from '@tanstack/react-query';
import type { NotificationKind } from '@openride/shared/notifications/schemas';
import { call } from '@/lib/call';
import { useLivePollInterval } from '@/lib/realtime';
import { useMe } from '@/lib/session';
import { notificationsQueryKey } from './get-notifications';

export type CenterFilters = { kind: NotificationKind | null; unread: boolean };

/**
 * Under the bell's key (['notifications', userId, …]): the realtime bridge's invalidation on
 * `notification.changed`, and the bell's marking read, refresh the center too.
 */
export const notificationCenterKey = (userId: string | undefined, filters: CenterFilters) => [...notificationsQueryKey(userId), 'center', filters] as const;

/** GET /api/notifications/all, page after page ("Load more"); polled only while the socket is down. */
export function useNotificationCenter(filters: CenterFilters) {
  const userId = useMe().data?.user.id;
  const poll = useLivePollInterval();
  return useInfiniteQuery({
    queryKey: notificationCenterKey(userId, filters),
    queryFn: ({ pageParam, signal }) =>
      call(
        'GET /api/notifications/all',
        { query: { limit: 20, kind: filters.kind ?? undefined, unread: filters.unread ? '1' : undefined, cursor: pageParam } },
        { signal },
      ),
    enabled: Boolean(userId),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    refetchInterval: poll,
  });
}
