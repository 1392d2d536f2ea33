import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { uiText } from '@openride/shared/ui-text';
import { useNetworkStatus } from '@/lib/network-status';
import { queryKeys } from '@/lib/query-keys';
import { RECONNECTED_EVENT, useRealtimeConnection, useRealtimeEvent, useRealtimeStatus } from '@/lib/realtime';

/** A socket that is down for this long is worth telling about; a blip during a reconnect is not. */
const NOTICE_AFTER_MS = 2000;

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
  return <PollingNotice />;
}

/** A small pill at the bottom corner while live screens poll because the socket is down or refused. */
function PollingNotice() {
  const status = useRealtimeStatus();
  // Offline, the offline notice says more than this one: one notice at a time.
  const { offline } = useNetworkStatus();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (status !== 'down') {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), NOTICE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [status]);
  if (!shown || offline) return null;
  return (
    <div
      role="status"
      className="pointer-events-none fixed bottom-3 left-3 z-40 flex max-w-[calc(100vw-1.5rem)] items-center gap-2 rounded-full bg-ink-900/85 px-3 py-1.5 text-xs text-white shadow-lg"
    >
      <RefreshCw aria-hidden className="size-3.5 shrink-0" />
      <span>{uiText.realtime.polling}</span>
    </div>
  );
}
