import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { RECONNECTED_EVENT, useRealtimeConnection, useRealtimeEvent } from '@/lib/realtime';

/** Keeps the socket open while signed in and turns server events into cache invalidations. */
export function RealtimeBridge() {
  const client = useQueryClient();
  useRealtimeConnection(true);
  useRealtimeEvent('notification.changed', () => void client.invalidateQueries({ queryKey: queryKeys.notifications }));
  useRealtimeEvent('driver.changed', () => void client.invalidateQueries({ queryKey: queryKeys.driver }));
  useRealtimeEvent('profile.changed', () => void client.invalidateQueries({ queryKey: queryKeys.me }));
  useRealtimeEvent(RECONNECTED_EVENT, () => {
    void client.invalidateQueries({ queryKey: queryKeys.notifications });
    void client.invalidateQueries({ queryKey: queryKeys.driver });
  });
  return null;
}
