import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReferralProgram, ReferralProgramInput } from '@openride/shared/referrals/schemas';
import type { AdminReferral, ReferralPrograms, ReferralProgramView } from '@openride/shared/referrals/views';
import { api } from '@/lib/api';
import { referralKeys } from './referral-keys';

export type { AdminReferral, ReferralPrograms, ReferralProgramView };

/** GET /api/admin/referrals/programs: both programs, counts and cost. */
export function useReferralPrograms() {
  return useQuery({ queryKey: referralKeys.programs, queryFn: ({ signal }) => api<ReferralPrograms>('/api/admin/referrals/programs', { signal }) });
}

/** PUT /api/admin/referrals/programs/:program (names the version edited; a stale one is 409). */
export function useSaveReferralProgram(program: ReferralProgram) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ReferralProgramInput) => api<{ program: ReferralProgramView }>(`/api/admin/referrals/programs/${program}`, { method: 'PUT', body: input }).then((r) => r.program),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: referralKeys.programs }), client.invalidateQueries({ queryKey: ['admin', 'audit-log'] })]),
  });
}
