import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, type CallInput } from '@/lib/call';
import { adminDriversKey } from './get-admin-drivers';
import { auditLogKey } from './get-audit-log';

export type Review = { id: string; status: 'approved' | 'rejected'; reason?: string };
type VerificationBody = CallInput<'POST /api/admin/drivers/:id/verification'>['body'];

/** Approve or reject an application; every driver list and the audit log refetch afterwards. */
export function useReviewDriver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, reason }: Review) =>
      // A rejection without a reason is the server's to refuse (400), as it was before the call was typed.
      call('POST /api/admin/drivers/:id/verification', { params: { id }, body: (reason === undefined ? { status } : { status, reason }) as VerificationBody }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: adminDriversKey }), queryClient.invalidateQueries({ queryKey: auditLogKey })]),
  });
}
