import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Analytics } from '@openride/shared/analytics/schemas';
import { api } from '@/lib/api';

export const analyticsKey = (from: string, to: string, tz: string) => ['admin', 'analytics', from, to, tz] as const;

/** GET /api/admin/analytics for a range; the previous range stays on screen while the next one loads. */
export function useAnalytics(from: string, to: string, tz: string) {
  return useQuery({
    queryKey: analyticsKey(from, to, tz),
    queryFn: ({ signal }) => api<Analytics>(`/api/admin/analytics?${new URLSearchParams({ from, to, tz })}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
