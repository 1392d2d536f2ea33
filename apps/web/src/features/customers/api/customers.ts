import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Customer, CustomerDetail } from '@openride/shared/customers/schemas';
import { api, isApiError } from '@/lib/api';

export type { Customer, CustomerDetail };
/** The data table's key for GET /api/admin/customers (its pages and filters go below it). */
export const customersKey = ['admin', 'customers'] as const;

/** POST /api/admin/riders/:id/block or /unblock, with the admin's reason; the list and the audit log follow. */
export function useSetRiderBlocked() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, blocked, reason }: { id: string; blocked: boolean; reason: string }) =>
      api(`/api/admin/riders/${encodeURIComponent(id)}/${blocked ? 'block' : 'unblock'}`, { method: 'POST', body: { reason } }),
    onSettled: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: customersKey }), client.invalidateQueries({ queryKey: ['admin', 'audit-log'] })]);
    },
  });
}

/** GET /api/admin/customers/:id: one rider's record, counts, ride under way and history. */
export function useCustomerDetail(id: string) {
  return useQuery({
    queryKey: [...customersKey, 'detail', id] as const,
    queryFn: ({ signal }) => api<CustomerDetail>(`/api/admin/customers/${encodeURIComponent(id)}`, { signal }),
    retry: (count, error) => !isApiError(error, 404) && count < 2,
  });
}
