import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReferralProgram, ReferralProgramInput, ReferralReview } from '@openride/shared/referrals/schemas';
import type { AdminReferral, ReferralPrograms, ReferralProgramView } from '@openride/shared/referrals/views';
import { call, hrefOf } from '@/lib/call';
import { referralKeys } from './referral-keys';

export type { AdminReferral, ReferralPrograms, ReferralProgramView };

/** The referrals' list in the admin kit's table: its endpoint (the contract's key), key and first order. */
export const adminReferralsList = {
  endpoint: hrefOf('GET /api/admin/referrals'),
  queryKey: referralKeys.list,
  defaultSort: { id: 'created_at', dir: 'desc' },
} as const;

/** GET /api/admin/referral-programs[?city=ID]: a city's programs (its own or the default), or the default; counts, cost and the cities. */
export function useReferralPrograms(city: string) {
  return useQuery({
    queryKey: referralKeys.programsOf(city),
    // The default's programs: no `city` at all (call leaves the empty value out).
    queryFn: ({ signal }) => call('GET /api/admin/referral-programs', { query: { city } }, { signal }),
  });
}

/** PUT /api/admin/referral-programs/:program[?city=ID] (names the version edited; a stale one is 409). */
export function useSaveReferralProgram(program: ReferralProgram, city: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ReferralProgramInput) =>
      call('PUT /api/admin/referral-programs/:program', { params: { program }, query: { city }, body: input }).then((r) => r.program),
    onSettled: () =>
      Promise.all([client.invalidateQueries({ queryKey: referralKeys.programs }), client.invalidateQueries({ queryKey: ['admin', 'audit-log'] })]),
  });
}

/** POST /api/admin/referrals/:id/approve | /reject with a note (decision 0069): a flagged referral, once. */
export function useReviewReferral() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, note }: { id: string; decision: ReferralReview; note: string }) =>
      (decision === 'approved'
        ? call('POST /api/admin/referrals/:id/approve', { params: { id }, body: { note } })
        : call('POST /api/admin/referrals/:id/reject', { params: { id }, body: { note } })
      ).then((r) => r.referral),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: referralKeys.list }),
        client.invalidateQueries({ queryKey: referralKeys.programs }),
        client.invalidateQueries({ queryKey: ['admin', 'audit-log'] }),
      ]),
  });
}
