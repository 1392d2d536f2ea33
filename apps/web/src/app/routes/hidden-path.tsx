import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { NotFoundPage } from '@/components/not-found-page';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { useMe } from '@/lib/session';
import { may } from '@/lib/staff';
import { RequireSecondFactor } from '../guards/require-role';
import { ConsoleFrame } from '../layouts/console-layout';
import { linkPermission } from '../layouts/console-nav';

// Each hidden page's code is only fetched for the users the server told its path to.
const AdminPanel = lazy(() => import('@/features/admin/components/admin-panel').then((m) => ({ default: m.AdminPanel })));
const DriverDashboard = lazy(() => import('./driver-dashboard').then((m) => ({ default: m.DriverDashboard })));

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/**
 * Catch-all: the admin panel lives at a hidden path (/{hash}) that GET /api/me reveals only to admins, and the
 * driver's own dashboard at another (`driverDashboardPath`) revealed only to approved drivers (decision 0050).
 * Everyone else, and every other unknown path, gets the not-found page. Hidden is not a permission: the APIs
 * behind both check the caller on every request.
 */
export function Component() {
  const { pathname } = useLocation();
  const me = useMe();
  if (me.isPending) return <LoadingScreen />;
  const here = trimSlash(pathname);
  const adminPath = me.data?.adminPath;
  if (adminPath && here === trimSlash(adminPath)) {
    return (
      <RequireSecondFactor>
        <ConsoleFrame adminPath={adminPath}>
          <Suspense fallback={<LoadingScreen />}>
            <AdminPanel
              mayOpen={(to) => {
                const permission = linkPermission(to);
                return permission !== null && may(me.data, permission);
              }}
            />
          </Suspense>
        </ConsoleFrame>
      </RequireSecondFactor>
    );
  }
  const dashboardPath = me.data?.driverDashboardPath;
  if (dashboardPath && here === trimSlash(dashboardPath)) {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <DriverDashboard />
      </Suspense>
    );
  }
  return <NotFoundPage />;
}
