import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Notification } from '@openride/shared/notifications/schemas';
import type { NotificationUnreadCount } from '@openride/shared/notifications/views';
import { call } from '@/lib/call';
import { useMe } from '@/lib/session';
import { notificationsQueryKey } from './get-notifications';
import { unreadCountKey } from './get-unread-count';

type Update = { id: string; is_read: true } | { all: true; is_read: true };

/** Marks one or all notifications read; the list updates at once and is reconciled with the server after. */
export function useUpdateNotifications() {
  const queryClient = useQueryClient();
  const userId = useMe().data?.user.id;
  const key = notificationsQueryKey(userId);
  const countKey = unreadCountKey(userId);
  return useMutation({
    mutationFn: (update: Update) => call('PATCH /api/notifications', { body: update }),
    onMutate: async (update) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Notification[]>(key);
      const previousCount = queryClient.getQueryData<NotificationUnreadCount>(countKey);
      queryClient.setQueryData<Notification[]>(key, (list) => list?.map((n) => ('all' in update || n.id === update.id ? { ...n, is_read: true } : n)));
      const wasUnread = 'all' in update ? false : previous?.some((n) => n.id === update.id && !n.is_read);
      queryClient.setQueryData<NotificationUnreadCount>(
        countKey,
        (count) => count && { unread: 'all' in update ? 0 : Math.max(0, count.unread - (wasUnread ? 1 : 0)) },
      );
      return { previous, previousCount };
    },
    onError: (error, _update, context) => {
      // §8: notification update errors are only logged.
      console.warn('[notifications] update failed', error);
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      if (context?.previousCount) queryClient.setQueryData(countKey, context.previousCount);
    },
    // The prefix: the count and the center's pages too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
