import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { queryKeys } from '@/lib/query-keys';
import { fetchMe, type Me } from '@/lib/session';

/** 'Go to Dashboard' (§2): admin to the admin panel, driver to /driver-active, others to /. */
export function dashboardPath(me: Me): string {
  if (me.role === 'admin' && me.adminPath) return me.adminPath;
  if (me.role === 'driver') return paths.driverActive;
  return paths.home;
}

/** Reads a user's driver record through the cache; the route passes the drivers feature's loader. */
export type LoadDriver = (userId: string, options: { staleTime: number; retry: false }) => Promise<{ verification_status: string } | null>;

/**
 * §2 post-login redirect, resolved against fresh data (the session was just created):
 * 1. returnTo /driver-active only with an approved driver record, else /driver;
 * 2. any other returnTo is followed;
 * 3. no returnTo: a driver record → /driver-active, an admin → the admin panel, everyone else → /;
 * 4. any error on the way → /.
 */
export function usePostLoginRedirect(loadDriver: LoadDriver) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const resolve = async (returnTo: string | null): Promise<string> => {
    try {
      // No retries: someone who just signed in is waiting, and rule 4 has an answer for a failure (/).
      const me = await queryClient.fetchQuery({ queryKey: queryKeys.me, queryFn: fetchMe, staleTime: 0, retry: false });
      if (!me) return paths.home;
      if (returnTo && returnTo !== paths.driverActive) return returnTo;
      const driver = await loadDriver(me.user.id, { staleTime: 0, retry: false });
      if (returnTo === paths.driverActive) return driver?.verification_status === 'approved' ? paths.driverActive : paths.driver;
      if (driver) return paths.driverActive;
      if (me.role === 'admin' && me.adminPath) return me.adminPath;
      return paths.home;
    } catch (error) {
      console.warn('[auth] post-login redirect check failed', error);
      return paths.home;
    }
  };

  return async (returnTo: string | null) => {
    navigate(await resolve(returnTo), { replace: true });
  };
}
