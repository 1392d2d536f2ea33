import type { ReactNode } from 'react';
import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '@openride/shared/constants';
import { SonnerToaster } from '@/components/ui/sonner';
import { Toaster } from '@/components/ui/toaster';
import { queryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { RECONNECTED_EVENT, useRealtimeConnection, useRealtimeEvent } from '@/lib/realtime';
import { useMe } from '@/lib/session';

/** Keeps the socket open while signed in and turns server events into cache invalidations. */
function RealtimeBridge() {
  const client = useQueryClient();
  const signedIn = Boolean(useMe().data);
  useRealtimeConnection(signedIn);
  useRealtimeEvent('notification.changed', () => void client.invalidateQueries({ queryKey: queryKeys.notifications }));
  useRealtimeEvent('driver.changed', () => void client.invalidateQueries({ queryKey: queryKeys.driver }));
  useRealtimeEvent('profile.changed', () => void client.invalidateQueries({ queryKey: queryKeys.me }));
  useRealtimeEvent(RECONNECTED_EVENT, () => {
    void client.invalidateQueries({ queryKey: queryKeys.notifications });
    void client.invalidateQueries({ queryKey: queryKeys.driver });
  });
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipPrimitive.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
        {children}
        <RealtimeBridge />
        <Toaster />
        <SonnerToaster />
      </TooltipPrimitive.Provider>
    </QueryClientProvider>
  );
}
