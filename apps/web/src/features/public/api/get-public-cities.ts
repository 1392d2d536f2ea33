import { useQuery } from '@tanstack/react-query';
import type { PublicCitiesResponse } from '@openride/shared/public/views';
import { PUBLIC_MAX_AGE_S } from '@openride/shared/public/api';
import { api } from '@/lib/api';
import { publicKeys } from './public-keys';

/** GET /api/public/cities: the served cities and their service areas (public; cached a minute). */
export function usePublicCities() {
  return useQuery({
    queryKey: publicKeys.cities,
    queryFn: ({ signal }) => api<PublicCitiesResponse>('/api/public/cities', { signal }),
    staleTime: PUBLIC_MAX_AGE_S * 1000,
  });
}
