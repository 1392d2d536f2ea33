import { useInfiniteQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { rideKeys } from './ride-keys';

/** GET /api/rides (as rider), newest first, a page at a time. */
export function useRideHistory(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: rideKeys.history,
    // The first page's cursor is '' (call leaves it out, as the hand-written path did).
    queryFn: ({ pageParam, signal }) => call('GET /api/rides', { query: { as: 'rider', cursor: pageParam } }, { signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled,
    staleTime: 0,
  });
}
