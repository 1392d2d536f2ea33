import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { NotFoundPage } from '@/components/not-found-page';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { useMe } from '@/lib/session';

// The admin panel's code is only fetched for the one user the server told the hidden path to.
const AdminPanel = lazy(() => import('@/features/admin/components/admin-panel').then((m) => ({ default: m.AdminPanel })));

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/**
 * Catch-all: the admin panel lives at a hidden path (/{hash}) that GET /api/me reveals only to admins.
 * Everyone else, and every other unknown path, gets the not-found page.
 */
export function Component() {
  const { pathname } = useLocation();
  const me = useMe();
  if (me.isPending) return <LoadingScreen />;
  const adminPath = me.data?.adminPath;
  if (adminPath && trimSlash(pathname) === trimSlash(adminPath)) {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <AdminPanel />
      </Suspense>
    );
  }
  return <NotFoundPage />;
}
