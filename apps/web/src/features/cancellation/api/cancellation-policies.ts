import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CancellationPolicyInput } from '@openride/shared/cancellation/schemas';
import type { CancellationPolicyView } from '@openride/shared/cancellation/views';
import { api } from '@/lib/api';

export type { CancellationPolicyView };
export const cancellationPoliciesKey = ['admin', 'cancellation-policies'] as const;

/** GET /api/admin/cancellation-policies: every city's policies (one answer: cities × ride types × zones). */
export function useCancellationPolicies() {
  return useQuery({
    queryKey: cancellationPoliciesKey,
    queryFn: ({ signal }) => api<{ policies: CancellationPolicyView[] }>('/api/admin/cancellation-policies', { signal }),
  });
}

/** PUT /api/admin/cancellation-policies/:id; the list and the audit log follow. */
export function useSaveCancellationPolicy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: CancellationPolicyInput }) =>
      api<{ policy: CancellationPolicyView }>(`/api/admin/cancellation-policies/${encodeURIComponent(id)}`, { method: 'PUT', body: input }),
    onSuccess: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: cancellationPoliciesKey }), client.invalidateQueries({ queryKey: ['admin', 'audit-log'] })]);
    },
  });
}
