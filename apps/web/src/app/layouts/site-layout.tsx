import { Outlet, useLocation, useNavigation } from 'react-router';
import { uiText } from '@openride/shared/ui-text';
import { PageLoading } from '@/components/ui/loading-screen';
import { Footer } from './footer';
import { TopNav } from './top-nav';

export function SiteLayout() {
  const location = useLocation();
  const navigation = useNavigation();
  // A page whose code is still downloading: show the §2 'Loading...' fallback instead of the old page.
  // Navigations within a page (query changes) and already-loaded pages never reach the 'loading' state.
  const pageLoading = navigation.state === 'loading' && navigation.location.pathname !== location.pathname;

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-ink-900 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {uiText.a11y.skipToContent}
      </a>
      <TopNav />
      {/* Padded by the nav's height: the fixed nav must never cover the top of a page. */}
      <main id="main" tabIndex={-1} className="flex-1 pt-nav focus:outline-none">
        {pageLoading ? <PageLoading /> : <Outlet />}
      </main>
      <Footer />
    </div>
  );
}
