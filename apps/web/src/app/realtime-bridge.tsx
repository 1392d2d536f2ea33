import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { CONNECTED_EVENT, useRealtimeConnection, useRealtimeEvent } from '@/lib/realtime';

/** Keeps the socket open while signed in and turns server events into cache invalidations. */
export function RealtimeBridge() {
  const client = useQueryClient();
  useRealtimeConnection(true);
  useRealtimeEvent('notification.changed', () => void client.invalidateQueries({ queryKey: queryKeys.notifications }));
  useRealtimeEvent('driver.changed', () => void client.invalidateQueries({ queryKey: queryKeys.driver }));
  useRealtimeEvent('profile.changed', () => void client.invalidateQueries({ queryKey: queryKeys.me }));
  // The bridge loads after the first paint (decision 0012): an event sent before its socket was ready,
  // e.g. another tab going online, must still show. Refetch what may have changed on every connect.
  useRealtimeEvent(CONNECTED_EVENT, () => {
    void client.invalidateQueries({ queryKey: queryKeys.notifications });
    void client.invalidateQueries({ queryKey: queryKeys.driver });
  });
  return null;
}
