import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { queryKeys } from '@/lib/query-keys';
import type { OutboxMessage } from '@openride/shared/dev/views';

export type { OutboxMessage };

/** The dev outbox: what the server would have emailed or texted. 404 when the server runs without it. */
export function useOutbox() {
  return useQuery({
    queryKey: queryKeys.outbox,
    queryFn: async () => {
      const list = await call('GET /api/dev/outbox');
      return [...list].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    },
    // A developer waits here for a reset link or a code to arrive.
    refetchInterval: (query) => (query.state.status === 'error' ? false : 3000),
  });
}
