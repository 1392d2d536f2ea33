import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '@/components/ui/lazy-toaster';
import { SonnerToaster } from '@/components/ui/sonner';
import { queryClient } from '@/lib/query-client';
import { useMe } from '@/lib/session';
import { RealtimeBridge } from './realtime-bridge';

function SignedInRealtime() {
  const signedIn = Boolean(useMe().data);
  // Only a signed-in person has a socket. The bridge is in the main chunk, not loaded lazily: a lazy one
  // opened the socket later, and an event sent in between (another tab going online) was missed.
  return signedIn ? <RealtimeBridge /> : null;
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {/* No screen has a tooltip yet, so Radix's TooltipProvider (TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS) is
          not mounted: the first tooltip brings it, around its own screen (decision 0012). */}
      {children}
      <SignedInRealtime />
      <Toaster />
      <SonnerToaster />
    </QueryClientProvider>
  );
}
