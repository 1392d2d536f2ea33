import type { ChatMessage } from '@openride/shared/rides/views';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { rideKeys } from './ride-keys';
import { useLivePollInterval } from '@/lib/realtime';

export type ChatRole = 'rider' | 'driver';


/** GET /api/rides/:id/messages, oldest first. */
export function useRideMessages(rideId: string) {
  const poll = useLivePollInterval();
  return useQuery({
    refetchInterval: poll,
    queryKey: rideKeys.messages(rideId),
    queryFn: async () => (await api<{ messages: ChatMessage[] }>(`/api/rides/${encodeURIComponent(rideId)}/messages`)).messages,
    enabled: Boolean(rideId),
  });
}

/**
 * Adds a message to the cached list unless it is there already: the same message may arrive twice, once
 * as the POST's answer and once as the 'chat.message' event, in either order.
 */
export function addMessage(client: QueryClient, message: ChatMessage) {
  client.setQueryData<ChatMessage[]>(rideKeys.messages(message.ride_id), (list) => {
    if (!list) return [message];
    if (list.some((m) => m.id === message.id)) return list;
    return [...list, message].sort((a, b) => a.created_at.localeCompare(b.created_at));
  });
}

/** POST /api/rides/:id/messages; 409 when the chat has closed. */
export function useSendMessage(rideId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      api<{ message: ChatMessage }>(`/api/rides/${encodeURIComponent(rideId)}/messages`, { method: 'POST', body: { body } }),
    onSuccess: ({ message }) => addMessage(client, message),
  });
}
