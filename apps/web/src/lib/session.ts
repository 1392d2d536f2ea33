import { queryOptions, type QueryClient, useQuery } from '@tanstack/react-query';
import { isApiError } from './api';
import { call } from './call';
import { queryKeys } from './query-keys';
import type { Permission } from '@openride/shared/admin/permissions';
import type { Me } from '@openride/shared/profiles/views';

/** GET /api/me. §4: `role` is 'driver' when a driver record exists, else the role from user_roles, else 'user'. */
export type { Me };

/**
 * This browser's memory that the last session it heard of was an admin's (decision 0080), and what their staff
 * role may do (a JSON list of permissions, decision 0089; '1' from before roles: anything): a prefetch hint,
 * never a guard.
 */
const ADMIN_HINT = 'openride.console';

function rememberAdmin(me: Me | null) {
  try {
    // A staff member who owes the second factor is refused every console request until they give it: no hint,
    // so the next load's prefetches wait for the session (which says so) instead of guessing.
    if (me?.isAdmin && !me.staff?.second_factor) localStorage.setItem(ADMIN_HINT, JSON.stringify(me.staff?.permissions ?? []));
    else localStorage.removeItem(ADMIN_HINT);
  } catch {
    // Storage refused (private mode): prefetching waits for the session instead.
  }
}

/** The hint: undefined when none (or unreadable), true for one from before roles, else the permissions it lists. */
function adminHint(): readonly string[] | true | undefined {
  try {
    const hint = localStorage.getItem(ADMIN_HINT);
    if (hint === null) return undefined;
    if (hint === '1') return true;
    const parsed: unknown = JSON.parse(hint);
    return Array.isArray(parsed) ? parsed.filter((p): p is string => typeof p === 'string') : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Signed out resolves to null rather than an error. The cheap better-auth session probe answers 200 with
 * null for visitors, so a visitor never sees a 401 (browsers log every failed request to the console).
 */
export async function fetchMe(): Promise<Me | null> {
  // A plain fetch, not better-auth's client: that client is kept out of the first load (decision 0012). Its path
  // is better-auth's own (mounted under /api/auth/*), not a contract entry, so it stays written here.
  const probe = await fetch('/api/auth/get-session', { credentials: 'same-origin' }).catch(() => null);
  if (probe?.ok && (await probe.json().catch(() => undefined)) === null) return remembered(null);
  try {
    return remembered(await call('GET /api/me'));
  } catch (error) {
    if (isApiError(error, 401)) return remembered(null);
    throw error;
  }
}

function remembered(me: Me | null) {
  rememberAdmin(me);
  return me;
}

/** The session query: one definition for the hook, the guards' route loaders and the console's prefetches. */
export const meQuery = () => queryOptions({ queryKey: queryKeys.me, queryFn: fetchMe, staleTime: 60_000 });

export function useMe() {
  return useQuery(meQuery());
}

/**
 * Whether an admin's console request may start now, before the session is known (decision 0080): the
 * session's answer once there is one, else what this browser last heard. A wrong guess costs one refused
 * request (the server enforces, the guard decides what is shown); a visitor or rider's browser that never
 * saw an admin sign in sends none.
 */
export function probablyAdmin(client: QueryClient): boolean | undefined {
  const me = client.getQueryData<Me | null>(queryKeys.me);
  if (me !== undefined) return me?.isAdmin === true;
  return adminHint() === undefined ? undefined : true;
}

/**
 * Whether the console answers `me`'s request that needs `permission`: an admin whose staff role may do it and
 * who owes no second factor (issue 29 §4, decision 0090: until they give it every console request is refused).
 */
export const consoleAnswers = (me: Me | null | undefined, permission: Permission): boolean =>
  me?.isAdmin === true && !me.staff?.second_factor && (me.staff?.permissions.includes(permission) ?? false);

/**
 * As probablyAdmin, for a console request that needs `permission` (decision 0089): one the console would answer
 * (consoleAnswers), by the session's answer once there is one, else by what this browser last heard. A page the
 * role may not open, or opened by a staff member who still owes the second factor, sends no request at all, so
 * it logs no refusal.
 */
export function probablyMay(client: QueryClient, permission: Permission): boolean | undefined {
  const me = client.getQueryData<Me | null>(queryKeys.me);
  if (me !== undefined) return consoleAnswers(me, permission);
  const hint = adminHint();
  return hint === undefined ? undefined : hint === true || hint.includes(permission);
}
