import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ConsoleSearch, SEARCH_Q_MIN, type SearchHit } from '@openride/shared/admin/search-api';
import { call } from '@/lib/call';
import { consoleSearchKeys } from './console-search-keys';

export type { ConsoleSearch, SearchHit };

/** Whether `q` (trimmed) is long enough to search records; shorter, only the pages are matched. */
export const searchesRecords = (q: string) => q.length >= SEARCH_Q_MIN;

/**
 * GET /api/admin/search: the records `q` finds, of the kinds the staff member may read. Asked only once `q` is
 * long enough; the previous answer stays on screen while the next one comes.
 */
export function useConsoleSearch(q: string) {
  return useQuery({
    queryKey: consoleSearchKeys.records(q),
    queryFn: ({ signal }) => call('GET /api/admin/search', { query: { q } }, { signal }),
    enabled: searchesRecords(q),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
