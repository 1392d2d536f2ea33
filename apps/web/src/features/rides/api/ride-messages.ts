import type { ChatMessage } from '@openride/shared/rides/views';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { call, type CallResult } from '@/lib/call';
import { rideKeys } from './ride-keys';
import { useLivePollInterval } from '@/lib/realtime';

export type ChatRole = 'rider' | 'driver';

/** The chat as cached: every message loaded so far, oldest first, and whether older ones remain. */
export type ChatLog = { messages: ChatMessage[]; hasOlder: boolean };

type ChatPage = CallResult<'GET /api/rides/:id/messages'>;

/** A page of the chat: the newest, or the one just older than `before` (an empty `before` is left out). */
const chatPage = (rideId: string, before?: string): Promise<ChatPage> => call('GET /api/rides/:id/messages', { params: { id: rideId }, query: { before } });

/** Two lists as one, each message once, oldest first. */
function merge(a: ChatMessage[], b: ChatMessage[]): ChatMessage[] {
  const byId = new Map<string, ChatMessage>();
  for (const m of [...a, ...b]) byId.set(m.id, m);
  return [...byId.values()].sort((x, y) => x.created_at.localeCompare(y.created_at) || x.id.localeCompare(y.id));
}

/**
 * GET /api/rides/:id/messages: the newest page, merged into what is already loaded (older pages the
 * person asked for stay when the newest is read again).
 */
export function useRideMessages(rideId: string) {
  const client = useQueryClient();
  const poll = useLivePollInterval();
  return useQuery({
    refetchInterval: poll,
    queryKey: rideKeys.messages(rideId),
    queryFn: async (): Promise<ChatLog> => {
      const page = await chatPage(rideId);
      const held = client.getQueryData<ChatLog>(rideKeys.messages(rideId));
      if (!held) return { messages: page.messages, hasOlder: page.has_older };
      // Held messages older than this page: whether more remain before them is what we knew already.
      const reachesBack = held.messages.length > 0 && page.messages.length > 0 && held.messages[0]!.created_at < page.messages[0]!.created_at;
      return { messages: merge(held.messages, page.messages), hasOlder: reachesBack ? held.hasOlder : page.has_older };
    },
    enabled: Boolean(rideId),
  });
}

/** The page just older than the oldest message loaded, added to the cached chat. */
export function useLoadOlderMessages(rideId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const oldest = client.getQueryData<ChatLog>(rideKeys.messages(rideId))?.messages[0];
      return chatPage(rideId, oldest?.id);
    },
    onSuccess: (page) =>
      client.setQueryData<ChatLog>(rideKeys.messages(rideId), (log) => ({ messages: merge(page.messages, log?.messages ?? []), hasOlder: page.has_older })),
  });
}

/**
 * Adds a message to the cached list unless it is there already: the same message may arrive twice, once
 * as the POST's answer and once as the 'chat.message' event, in either order.
 */
export function addMessage(client: QueryClient, message: ChatMessage) {
  client.setQueryData<ChatLog>(rideKeys.messages(message.ride_id), (log) => {
    if (!log) return { messages: [message], hasOlder: false };
    if (log.messages.some((m) => m.id === message.id)) return log;
    return { ...log, messages: merge(log.messages, [message]) };
  });
}

/** POST /api/rides/:id/messages; 409 when the chat has closed, 429 when sent too fast. */
export function useSendMessage(rideId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => call('POST /api/rides/:id/messages', { params: { id: rideId }, body: { body } }),
    onSuccess: ({ message }) => addMessage(client, message),
  });
}
