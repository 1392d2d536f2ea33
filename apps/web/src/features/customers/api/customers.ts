import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Customer } from '@openride/shared/customers/schemas';
import { api } from '@/lib/api';

export type { Customer };
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
