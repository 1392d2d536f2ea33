import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { rangeFromParams } from '@/lib/date-range';

export const analyticsKey = (from: string, to: string, tz: string) => ['admin', 'analytics', from, to, tz] as const;

/** The range /analytics shows: the address's `from`/`to`, else the last 30 days, in the browser's time zone. */
export function analyticsRange(params: URLSearchParams) {
  return { ...rangeFromParams(params, 30), tz: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC' };
}

/** GET /api/admin/analytics for a range: one definition for the page and its route loader (decision 0080). */
export const analyticsQuery = (from: string, to: string, tz: string) =>
  queryOptions({
    queryKey: analyticsKey(from, to, tz),
    queryFn: ({ signal }) => call('GET /api/admin/analytics', { query: { from, to, tz } }, { signal }),
    staleTime: 60_000,
  });

/** The previous range stays on screen while the next one loads. */
export function useAnalytics(from: string, to: string, tz: string) {
  return useQuery({ ...analyticsQuery(from, to, tz), placeholderData: keepPreviousData });
}

/** /analytics' route loader: its report for the address, started with the route. */
export function prefetchAnalytics(client: QueryClient, url: URL) {
  const { from, to, tz } = analyticsRange(url.searchParams);
  return client.prefetchQuery(analyticsQuery(from, to, tz));
}
