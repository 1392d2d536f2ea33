import { TWO_FACTOR_PATH } from '@openride/shared/admin/two-factor';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { NotFoundPage } from '@/components/not-found-page';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { paths } from '@/config/paths';
import { useMe } from '@/lib/session';
import { may } from '@/lib/staff';
import { consolePermission } from '../layouts/console-nav';

/**
 * Pathless layout routes that decide who may see the pages under them, once, in the router (see
 * app/router.tsx), instead of a check at the top of every page. They are the web's courtesy only: the
 * server refuses every API behind them to the wrong user whatever the browser shows.
 */

/** Signed-in pages: a visitor is sent to sign in and comes back to the same address afterwards. */
export function RequireSignedIn() {
  const me = useMe();
  const location = useLocation();
  if (me.isPending) return <LoadingScreen />;
  if (!me.data) return <Navigate to={paths.authReturnTo(location.pathname + location.search)} replace />;
  return <Outlet />;
}

/**
 * - `admin`: anyone else, visitors included, sees the not-found page, exactly as at the hidden admin
 *   path: an admin page does not even admit that it exists.
 * - `driver` (a driver record exists, whatever its review status: the pages below handle pending and
 *   rejected themselves): a visitor signs in first; a signed-in rider goes to /driver, the page that
 *   explains driving and holds the application (§2 "non-approved users go to /driver").
 */
export function RequireRole({ role }: { role: 'admin' | 'driver' }) {
  const me = useMe();
  const location = useLocation();
  if (me.isPending) return <LoadingScreen />;
  if (role === 'admin') return me.data?.isAdmin ? <RequireSecondFactor /> : <NotFoundPage />;
  if (!me.data) return <Navigate to={paths.authReturnTo(location.pathname + location.search)} replace />;
  return me.data.role === 'driver' ? <Outlet /> : <Navigate to={paths.driver} replace />;
}

/**
 * Under `RequireRole role="admin"`: a console page the staff member's role may not open (its permission in the
 * console's table, app/layouts/console-nav.ts, the menu's own) is not found, exactly as it is for anyone who is
 * not staff (issue 29 §2, decision 0089). An address the table does not know is not found either.
 */
export function RequireConsolePermission() {
  const me = useMe();
  const { pathname, search } = useLocation();
  if (me.isPending) return <LoadingScreen />;
  const permission = consolePermission(pathname, search);
  return permission && may(me.data, permission) ? <Outlet /> : <NotFoundPage />;
}

/**
 * The console's pages (under `RequireRole role="admin"`, the hidden admin panel, and the staff view of the pages
 * that serve users too, through `ConsoleLayout`): a staff member whose role
 * must sign in with a second factor and has not set it up, or who set it up and has not given it in this
 * session, is sent to /staff-2fa first and comes back here after (issue 29 §4, decision 0090); the rule is
 * the server's own (`secondFactorDue`), which refuses every console request until then whatever this shows.
 */
export function RequireSecondFactor({ children }: { children?: ReactNode }) {
  const me = useMe();
  const { pathname, search } = useLocation();
  const page = children ?? <Outlet />;
  // Who I am says what this session owes (no request of its own before every console page).
  if (!me.data?.staff?.second_factor) return page;
  return <Navigate to={`${TWO_FACTOR_PATH}?next=${encodeURIComponent(pathname + search)}`} replace />;
}
