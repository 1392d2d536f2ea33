import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { consoleCityFor } from '@/lib/console-city';
import { rangeFromParams } from '@/lib/date-range';

export const analyticsKey = (from: string, to: string, tz: string, city: string | null) => ['admin', 'analytics', from, to, tz, city] as const;

/** The range /analytics shows: the address's `from`/`to`, else the last 30 days, in the browser's time zone. */
export function analyticsRange(params: URLSearchParams) {
  return { ...rangeFromParams(params, 30), tz: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC' };
}

/**
 * GET /api/admin/analytics for a range and the console's city (null: every city of the member's, fares per
 * currency): one definition for the page and its route loader (decision 0080).
 */
export const analyticsQuery = (from: string, to: string, tz: string, city: string | null) =>
  queryOptions({
    queryKey: analyticsKey(from, to, tz, city),
    queryFn: ({ signal }) => call('GET /api/admin/analytics', { query: { from, to, tz, ...(city ? { city } : {}) } }, { signal }),
    staleTime: 60_000,
  });

/** The previous range stays on screen while the next one loads. */
export function useAnalytics(from: string, to: string, tz: string, city: string | null) {
  return useQuery({ ...analyticsQuery(from, to, tz, city), placeholderData: keepPreviousData });
}

/** /analytics' route loader: its report for the address, started with the route. */
export function prefetchAnalytics(client: QueryClient, url: URL) {
  const { from, to, tz } = analyticsRange(url.searchParams);
  return client.prefetchQuery(analyticsQuery(from, to, tz, consoleCityFor(client)));
}
