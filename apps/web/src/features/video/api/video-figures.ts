import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { adminCitiesQuery } from '@/lib/admin-cities';
import { consoleCityFor } from '@/lib/console-city';

export const videoKeys = {
  figures: (cityId: string) => ['admin', 'video-figures', cityId] as const,
};

/** GET /api/admin/video-figures?city=: the live figures the templates draw; one definition for the page and its route loader (decision 0080). */
export const videoFiguresQuery = (cityId: string) =>
  queryOptions({
    queryKey: videoKeys.figures(cityId),
    queryFn: ({ signal }) => call('GET /api/admin/video-figures', { query: { city: cityId } }, { signal }),
    staleTime: 60_000,
  });

export function useVideoFigures(cityId: string) {
  return useQuery({ ...videoFiguresQuery(cityId), enabled: cityId !== '', placeholderData: keepPreviousData });
}

/**
 * /video-assets-generator's route loader: the cities, and the figures of the address's `?city=` or the console's
 * city when either names one (without them the page draws the first city's, which only the cities' answer
 * knows), started with the route.
 */
export function prefetchVideoAssets(client: QueryClient, url: URL) {
  const city = url.searchParams.get('city') || consoleCityFor(client);
  return Promise.all([client.prefetchQuery(adminCitiesQuery()), city ? client.prefetchQuery(videoFiguresQuery(city)) : undefined]);
}
