import { useQuery } from '@tanstack/react-query';
import { PUBLIC_MAX_AGE_S } from '@openride/shared/public/api';
import { call } from '@/lib/call';
import { publicKeys } from './public-keys';

/** GET /api/public/cities: the served cities and their service areas (public; cached a minute). */
export function usePublicCities() {
  return useQuery({
    queryKey: publicKeys.cities,
    queryFn: ({ signal }) => call('GET /api/public/cities', {}, { signal }),
    staleTime: PUBLIC_MAX_AGE_S * 1000,
  });
}
