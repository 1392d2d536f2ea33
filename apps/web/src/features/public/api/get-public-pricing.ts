import { useQuery } from '@tanstack/react-query';
import type { PublicPricing } from '@openride/shared/public/views';
import { PUBLIC_MAX_AGE_S } from '@openride/shared/public/api';
import { api } from '@/lib/api';
import { publicKeys } from './public-keys';

/** GET /api/public/pricing/:city: the fares, surge rule and cancellation rules the server prices with now. */
export function usePublicPricing(city: string | null) {
  return useQuery({
    queryKey: publicKeys.pricing(city ?? ''),
    queryFn: ({ signal }) => api<PublicPricing>(`/api/public/pricing/${encodeURIComponent(city!)}`, { signal }),
    enabled: Boolean(city),
    staleTime: PUBLIC_MAX_AGE_S * 1000,
  });
}
