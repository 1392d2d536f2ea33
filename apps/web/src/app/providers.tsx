import { lazy, Suspense, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '@/components/ui/lazy-toaster';
import { SonnerToaster } from '@/components/ui/sonner';
import { queryClient } from '@/lib/query-client';
import { useMe } from '@/lib/session';

// Only a signed-in person has a socket: a visitor's first load does without the realtime code (decision 0012).
const RealtimeBridge = lazy(() => import('./realtime-bridge').then((m) => ({ default: m.RealtimeBridge })));

function SignedInRealtime() {
  const signedIn = Boolean(useMe().data);
  return signedIn ? (
    <Suspense fallback={null}>
      <RealtimeBridge />
    </Suspense>
  ) : null;
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
