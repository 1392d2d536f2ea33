import { useQuery } from '@tanstack/react-query';
import { PUBLIC_MAX_AGE_S } from '@openride/shared/public/api';
import { call } from '@/lib/call';
import { publicKeys } from './public-keys';

/** GET /api/public/pricing/:city: the fares, surge rule and cancellation rules the server prices with now. */
export function usePublicPricing(city: string | null) {
  return useQuery({
    queryKey: publicKeys.pricing(city ?? ''),
    queryFn: ({ signal }) => call('GET /api/public/pricing/:city', { params: { city: city! } }, { signal }),
    enabled: Boolean(city),
    staleTime: PUBLIC_MAX_AGE_S * 1000,
  });
}
