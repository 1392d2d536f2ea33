import { useQuery } from '@tanstack/react-query';
import type { Coverage } from '@openride/shared/schedule/schemas';
import { api } from '@/lib/api';

/** GET /api/admin/schedule-coverage for a city: scheduled drivers per hour of the coming week beside rides per hour (decision 0047). */
export function useCoverage(cityId: string) {
  return useQuery({
    queryKey: ['admin', 'schedule-coverage', cityId] as const,
    queryFn: ({ signal }) => api<Coverage>(`/api/admin/schedule-coverage?city=${encodeURIComponent(cityId)}`, { signal }),
    enabled: cityId !== '',
    staleTime: 60_000,
  });
}
