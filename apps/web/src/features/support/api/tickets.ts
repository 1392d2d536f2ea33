import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContactInput, OpenTicketInput, TicketReplyInput } from '@openride/shared/support/schemas';
import type { TicketDetail, TicketView } from '@openride/shared/support/views';
import { isApiError } from '@/lib/api';
import { call } from '@/lib/call';
import { RECONNECTED_EVENT, useLivePollInterval, useRealtimeEvent } from '@/lib/realtime';

export type { TicketDetail, TicketView };

export const ticketKeys = {
  all: ['support', 'tickets'] as const,
  mine: ['support', 'tickets', 'mine'] as const,
  one: (id: string) => ['support', 'tickets', 'one', id] as const,
};

/** A ticket changed (a reply, a status): refetch the user's tickets. Subscribed while a support page is open. */
export function useTicketEvents() {
  const client = useQueryClient();
  useRealtimeEvent('support.ticket_changed', () => void client.invalidateQueries({ queryKey: ticketKeys.all }));
  useRealtimeEvent(RECONNECTED_EVENT, () => void client.invalidateQueries({ queryKey: ticketKeys.all }));
}

/** GET /api/support/tickets: the user's tickets, newest first; polled while the socket is down. */
export function useMyTickets() {
  const refetchInterval = useLivePollInterval();
  return useQuery({
    queryKey: ticketKeys.mine,
    queryFn: ({ signal }) => call('GET /api/support/tickets', {}, { signal }).then((r) => r.tickets),
    refetchInterval,
  });
}

/** GET /api/support/tickets/:id: the conversation (never internal notes); polled while the socket is down. */
export function useMyTicket(id: string) {
  const refetchInterval = useLivePollInterval();
  return useQuery({
    queryKey: ticketKeys.one(id),
    queryFn: ({ signal }) => call('GET /api/support/tickets/:id', { params: { id } }, { signal }),
    retry: (count, error) => !isApiError(error, 404) && count < 2,
    refetchInterval,
  });
}

export function useOpenTicket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: OpenTicketInput) => call('POST /api/support/tickets', { body: input }).then((r) => r.ticket),
    onSettled: () => client.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}

export function useReplyToTicket(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TicketReplyInput) => call('POST /api/support/tickets/:id/messages', { params: { id }, body: input }),
    onSuccess: (detail) => client.setQueryData(ticketKeys.one(id), detail),
    onSettled: () => client.invalidateQueries({ queryKey: ticketKeys.mine }),
  });
}

export function useRateTicket(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rating: number) => call('POST /api/support/tickets/:id/rating', { params: { id }, body: { rating } }),
    onSuccess: (detail) => client.setQueryData(ticketKeys.one(id), detail),
  });
}

/** POST /api/support/contact: /contact's form. */
export function useSendContact() {
  return useMutation({ mutationFn: (input: ContactInput) => call('POST /api/support/contact', { body: input }) });
}

/** The caller's recent rides, for the form's ride select (GET /api/rides, as rider or as driver). */
export function useRecentRides(as: 'rider' | 'driver') {
  return useQuery({
    queryKey: ['support', 'recent-rides', as] as const,
    queryFn: ({ signal }) => call('GET /api/rides', { query: { as, limit: 10 } }, { signal }).then((r) => r.rides),
  });
}
