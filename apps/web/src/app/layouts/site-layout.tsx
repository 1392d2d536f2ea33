import { Outlet, useLocation, useMatches, useNavigation } from 'react-router';
import { uiText } from '@openride/shared/ui-text';
import { PageLoading } from '@/components/ui/loading-screen';
import { paths } from '@/config/paths';
import { LegalReacceptGate } from '@/features/legal/components/reaccept-gate';
import { useMe } from '@/lib/session';
import { cn } from '@/lib/cn';
import { Footer } from './footer';
import { isTaskHandle } from './task-handle';
import { TopNav } from './top-nav';

export function SiteLayout() {
  const location = useLocation();
  const navigation = useNavigation();
  // A page whose code is still downloading: show the §2 'Loading...' fallback instead of the old page.
  // Navigations within a page (query changes) and already-loaded pages never reach the 'loading' state.
  const pageLoading = navigation.state === 'loading' && navigation.location.pathname !== location.pathname;
  // A task screen (book, track, drive) is an app: the whole screen below the nav, no marketing footer. The
  // handle sits on the route object itself, so it is known before the page's code arrives (no footer that
  // shows mid-screen while loading and then jumps down).
  const task = useMatches().some((m) => isTaskHandle(m.handle));
  const me = useMe().data;

  return (
    <div className={cn('flex flex-col', task ? 'h-dvh overflow-hidden' : 'min-h-dvh')}>
      <a href="#main" className="sr-only z-50 rounded-lg bg-ink-900 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
        {uiText.a11y.skipToContent}
      </a>
      <TopNav />
      {/* Padded by the nav's height: the fixed nav must never cover the top of a page. */}
      <main id="main" tabIndex={-1} className={cn('flex-1 pt-nav focus:outline-none print:pt-0', task && 'min-h-0')}>
        {pageLoading ? <PageLoading /> : <Outlet />}
      </main>
      {task ? null : <Footer />}
      {/* Agree again to a newer Terms of Service or Privacy Policy (decision 0057): never over a task screen
          (a ride being booked or driven), and not while the documents are being read on /legal. */}
      {me && !task ? <LegalReacceptGate userId={me.user.id} reading={location.pathname === paths.legal} /> : null}
    </div>
  );
}
