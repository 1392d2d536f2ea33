import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type AdminDriver, adminDriversKey, type DriverFilter } from './get-admin-drivers';

export type Review = { id: string; status: 'approved' | 'rejected'; reason?: string };

/**
 * Approve or reject an application. The row moves at once (out of a filtered list, or restyled in 'All');
 * a refusal puts everything back, and every list is refetched either way.
 */
export function useReviewDriver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, reason }: Review) =>
      api<unknown>(`/api/admin/drivers/${encodeURIComponent(id)}/verification`, { method: 'POST', body: reason === undefined ? { status } : { status, reason } }),
    onMutate: async ({ id, status, reason }) => {
      await queryClient.cancelQueries({ queryKey: adminDriversKey() });
      const previous = queryClient.getQueriesData<AdminDriver[]>({ queryKey: adminDriversKey() });
      for (const [key] of previous) {
        const filter = key[2] as DriverFilter | undefined;
        queryClient.setQueryData<AdminDriver[]>(key, (list) =>
          list
            ?.map((d) => (d.id === id ? { ...d, verification_status: status, rejection_reason: status === 'rejected' ? (reason ?? null) : null, reviewed_at: new Date().toISOString() } : d))
            .filter((d) => d.id !== id || filter === 'all' || filter === status),
        );
      }
      return { previous };
    },
    onError: (_error, _review, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminDriversKey() }),
  });
}
