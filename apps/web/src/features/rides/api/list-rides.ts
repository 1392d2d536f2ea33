import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { rideKeys } from './ride-keys';
import type { RideList as Page } from '@openride/shared/rides/views';

/** GET /api/rides (as rider), newest first, a page at a time. */
export function useRideHistory(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: rideKeys.history,
    queryFn: ({ pageParam, signal }) => api<Page>(`/api/rides?as=rider${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`, { signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled,
    staleTime: 0,
  });
}
