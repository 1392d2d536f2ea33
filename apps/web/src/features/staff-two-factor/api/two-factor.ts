import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TwoFactorStatus } from '@openride/shared/admin/two-factor';
import { call } from '@/lib/call';
import { queryKeys } from '@/lib/query-keys';
import type { Me } from '@/lib/session';

export type { TwoFactorStatus };

/**
 * The signed-in person's two-factor state (decision 0090), per account. Under `admin`, so signing out forgets it
 * with the console's other queries; never stale, so a guard that mounts asks again (a new sign-in is a new
 * session that has not given the second factor).
 */
export const twoFactorKeys = { status: (userId: string) => ['admin', 'staff-two-factor', userId] as const };

/** GET /api/staff-two-factor. */
export const twoFactorStatusQuery = (userId: string) =>
  queryOptions({ queryKey: twoFactorKeys.status(userId), queryFn: ({ signal }) => call('GET /api/staff-two-factor', {}, { signal }), staleTime: 0 });

export const useTwoFactorStatus = (userId: string | undefined) => useQuery({ ...twoFactorStatusQuery(userId ?? ''), enabled: userId !== undefined });

/** POST /api/staff-two-factor/enrolment: a new secret (QR code and text). */
export const useStartEnrolment = () => useMutation({ mutationFn: () => call('POST /api/staff-two-factor/enrolment', { body: {} }) });

/** After the setup is confirmed or the second factor given: the state follows (the guards let the console open). */
function useTwoFactorChange<V, R>(userId: string, mutationFn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      // Who I am carries what the session owes (the guards read it there): after a confirmed setup or a given
      // code, nothing, exactly as the server now says; written at once, so the console opens without a refetch.
      client.setQueryData<Me | null>(queryKeys.me, (me) => (me?.staff ? { ...me, staff: { ...me.staff, second_factor: null } } : me));
      return client.invalidateQueries({ queryKey: twoFactorKeys.status(userId) });
    },
  });
}

/** POST /api/staff-two-factor/enrolment/confirm: on, with the recovery codes (shown this once). */
export const useConfirmEnrolment = (userId: string) =>
  useTwoFactorChange(userId, (code: string) => call('POST /api/staff-two-factor/enrolment/confirm', { body: { code } }));

/** POST /api/staff-two-factor/verify: this session's second factor. */
export const useVerifySecondFactor = (userId: string) =>
  useTwoFactorChange(userId, (code: string) => call('POST /api/staff-two-factor/verify', { body: { code } }));
