import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';

/** GET /api/admin/schedule-coverage for a city: scheduled drivers per hour of the coming week beside rides per hour (decision 0047). */
export function useCoverage(cityId: string) {
  return useQuery({
    queryKey: ['admin', 'schedule-coverage', cityId] as const,
    queryFn: ({ signal }) => call('GET /api/admin/schedule-coverage', { query: { city: cityId } }, { signal }),
    enabled: cityId !== '',
    staleTime: 60_000,
  });
}
