import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { adminDriversKey } from './get-admin-drivers';
import { auditLogKey } from './get-audit-log';

export type Review = { id: string; status: 'approved' | 'rejected'; reason?: string };

/** Approve or reject an application; every driver list and the audit log refetch afterwards. */
export function useReviewDriver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, reason }: Review) =>
      api<unknown>(`/api/admin/drivers/${encodeURIComponent(id)}/verification`, {
        method: 'POST',
        body: reason === undefined ? { status } : { status, reason },
      }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: adminDriversKey }), queryClient.invalidateQueries({ queryKey: auditLogKey })]),
  });
}
