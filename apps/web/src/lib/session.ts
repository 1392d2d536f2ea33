import { useQuery } from '@tanstack/react-query';
import { api, isApiError } from './api';
import { queryKeys } from './query-keys';
import type { Me } from '@openride/shared/profiles/views';

/** GET /api/me. §4: `role` is 'driver' when a driver record exists, else the role from user_roles, else 'user'. */
export type { Me };

/**
 * Signed out resolves to null rather than an error. The cheap better-auth session probe answers 200 with
 * null for visitors, so a visitor never sees a 401 (browsers log every failed request to the console).
 */
export async function fetchMe(): Promise<Me | null> {
  // A plain fetch, not better-auth's client: that client is kept out of the first load (decision 0012).
  const probe = await fetch('/api/auth/get-session', { credentials: 'same-origin' }).catch(() => null);
  if (probe?.ok && (await probe.json().catch(() => undefined)) === null) return null;
  try {
    return await api<Me>('/api/me');
  } catch (error) {
    if (isApiError(error, 401)) return null;
    throw error;
  }
}

export function useMe() {
  return useQuery({ queryKey: queryKeys.me, queryFn: fetchMe, staleTime: 60_000 });
}
