import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Notification } from '@openride/shared/notifications/schemas';
import { api } from '@/lib/api';
import { useMe } from '@/lib/session';
import { notificationsQueryKey } from './get-notifications';

type Update = { id: string; is_read: true } | { all: true; is_read: true };

/** Marks one or all notifications read; the list updates at once and is reconciled with the server after. */
export function useUpdateNotifications() {
  const queryClient = useQueryClient();
  const key = notificationsQueryKey(useMe().data?.user.id);
  return useMutation({
    mutationFn: (update: Update) => api<unknown>('/api/notifications', { method: 'PATCH', body: update }),
    onMutate: async (update) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Notification[]>(key);
      queryClient.setQueryData<Notification[]>(key, (list) =>
        list?.map((n) => ('all' in update || n.id === update.id ? { ...n, is_read: true } : n)),
      );
      return { previous };
    },
    onError: (error, _update, context) => {
      // §8: notification update errors are only logged.
      console.warn('[notifications] update failed', error);
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
