import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { VideoFigures } from '@openride/shared/video/schemas';
import { api } from '@/lib/api';

export const videoKeys = {
  figures: (cityId: string) => ['admin', 'video-figures', cityId] as const,
  cities: ['admin', 'cities'] as const,
};

/** GET /api/admin/video-figures?city=: the live figures the templates draw. */
export function useVideoFigures(cityId: string) {
  return useQuery({
    queryKey: videoKeys.figures(cityId),
    queryFn: ({ signal }) => api<VideoFigures>(`/api/admin/video-figures?${new URLSearchParams({ city: cityId })}`, { signal }),
    enabled: cityId !== '',
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** GET /api/admin/cities: the city picker (the same answer the other admin pages read). */
export function useVideoCities() {
  return useQuery({
    queryKey: videoKeys.cities,
    queryFn: ({ signal }) => api<{ items: Array<{ id: string; name: string }> }>('/api/admin/cities', { signal }).then((r) => r.items),
    staleTime: 60_000,
  });
}
