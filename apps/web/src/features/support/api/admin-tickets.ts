import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminTicketMessageInput, TicketPriority } from '@openride/shared/support/schemas';
import type { AdminTicket, AdminTicketDetail } from '@openride/shared/support/views';
import { isApiError } from '@/lib/api';
import { call, hrefOf } from '@/lib/call';
import { useLivePollInterval } from '@/lib/realtime';

export type { AdminTicket, AdminTicketDetail };

/** The data table's key for GET /api/admin/support-tickets (its pages and filters go below it). */
export const supportTicketsKey = ['admin', 'support-tickets'] as const;
/** The support queue in the admin kit's table: its endpoint (the contract's key), key and first order. */
export const supportTicketsList = {
  endpoint: hrefOf('GET /api/admin/support-tickets'),
  queryKey: supportTicketsKey,
  defaultSort: { id: 'sla_due_at', dir: 'asc' },
} as const;

const detailKey = (id: string) => [...supportTicketsKey, 'detail', id] as const;

/** GET /api/admin/support-tickets/:id; polled (admins have no ticket room: a user's reply shows within seconds). */
export function useAdminTicket(id: string) {
  const live = useLivePollInterval();
  return useQuery({
    queryKey: detailKey(id),
    queryFn: ({ signal }) => call('GET /api/admin/support-tickets/:id', { params: { id } }, { signal }),
    retry: (count, error) => !isApiError(error, 404) && count < 2,
    refetchInterval: live === false ? 15_000 : live,
  });
}

export type AdminTicketAction =
  | { kind: 'message'; input: AdminTicketMessageInput }
  | { kind: 'assign'; assignee_id: string | null }
  | { kind: 'priority'; priority: TicketPriority }
  | { kind: 'resolve' }
  | { kind: 'reopen' };

const request = (id: string, action: AdminTicketAction) => {
  const params = { id };
  switch (action.kind) {
    case 'message':
      return call('POST /api/admin/support-tickets/:id/messages', { params, body: action.input });
    case 'assign':
      return call('POST /api/admin/support-tickets/:id/assign', { params, body: { assignee_id: action.assignee_id } });
    case 'priority':
      return call('POST /api/admin/support-tickets/:id/priority', { params, body: { priority: action.priority } });
    // Their entries take no body; `api` sends `{}` for any write without one, as these calls did by hand.
    case 'resolve':
      return call('POST /api/admin/support-tickets/:id/resolve', { params });
    case 'reopen':
      return call('POST /api/admin/support-tickets/:id/reopen', { params });
  }
};

/** Every admin change of one ticket; the queue and the audit log follow. */
export function useAdminTicketAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: AdminTicketAction) => request(id, action),
    onSuccess: (detail) => client.setQueryData(detailKey(id), detail),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: supportTicketsKey }), client.invalidateQueries({ queryKey: ['admin', 'audit-log'] })]),
  });
}
