import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { distanceMeters, type LatLngPoint } from '@openride/shared/geo/lat-lng';
import { PUBLIC_MAX_AGE_S } from '@openride/shared/public/api';
import type { PublicCity } from '@openride/shared/public/views';
import { call } from '@/lib/call';

/**
 * Which city a rider's place search is about, and that city's places (issue 30 §5, decision 0096): the served
 * cities (GET /api/public/cities, the public pages' answer, under the same key) and one city's places
 * (GET /api/cities/:id/places). No city is written here: a city with no places suggests none.
 */
export const servedCitiesQuery = () =>
  queryOptions({
    queryKey: ['public', 'cities'] as const,
    queryFn: ({ signal }) => call('GET /api/public/cities', {}, { signal }),
    staleTime: PUBLIC_MAX_AGE_S * 1000,
  });

/** What the search needs of a city: its id, and where the geocoder should look first (its service area's box). */
export type SearchCity = { id: string; center: LatLngPoint; box: { west: number; south: number; east: number; north: number } };

function boxOf(city: PublicCity): SearchCity['box'] {
  const positions = city.service_area.features.flatMap((f) =>
    f.geometry.type === 'Polygon' ? f.geometry.coordinates.flat() : f.geometry.coordinates.flat(2),
  ) as number[][];
  if (positions.length === 0) return { west: city.center.lng - 0.3, south: city.center.lat - 0.3, east: city.center.lng + 0.3, north: city.center.lat + 0.3 };
  const lngs = positions.map((p) => p[0]!);
  const lats = positions.map((p) => p[1]!);
  return { west: Math.min(...lngs), south: Math.min(...lats), east: Math.max(...lngs), north: Math.max(...lats) };
}

const browserTimeZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
};

/**
 * The rider's city: the served city nearest a point they gave (the pickup, else the destination); with no point
 * yet, the one on the browser's clock, else the first. Null while the cities load or when none is served.
 */
export function cityFor(cities: readonly PublicCity[], near: LatLngPoint | null): SearchCity | null {
  if (cities.length === 0) return null;
  let city: PublicCity;
  if (near) city = [...cities].sort((a, b) => distanceMeters(near, a.center) - distanceMeters(near, b.center))[0]!;
  else {
    const zone = browserTimeZone();
    city = cities.find((c) => c.time_zone === zone) ?? cities[0]!;
  }
  return { id: city.id, center: city.center, box: boxOf(city) };
}

/** The city a search near `near` is about (see `cityFor`). */
export function useSearchCity(near: LatLngPoint | null) {
  const cities = useQuery(servedCitiesQuery());
  return cityFor(cities.data?.cities ?? [], near);
}

/** GET /api/cities/:id/places?q=…: the city's places matching what is typed (none for an empty query or no city). */
export function useCityPlaceSearch(cityId: string | null, q: string) {
  return useQuery({
    queryKey: ['city-places', cityId, q] as const,
    enabled: Boolean(cityId) && q.length > 0,
    staleTime: PUBLIC_MAX_AGE_S * 1000,
    queryFn: ({ signal }) => call('GET /api/cities/:id/places', { params: { id: cityId! }, query: { q } }, { signal }).then((r) => r.items),
  });
}

/**
 * The name of the place of the point's city nearest the point within `maxMeters` (a GPS fix, a tap), or null:
 * asked of the server (GET /api/cities/:id/places?lat&lng), so only that city's places name it.
 */
export async function nearestCityPlace(client: QueryClient, point: LatLngPoint, maxMeters: number): Promise<string | null> {
  try {
    const { cities } = await client.fetchQuery(servedCitiesQuery());
    const city = cityFor(cities, point);
    if (!city) return null;
    const { items } = await call('GET /api/cities/:id/places', { params: { id: city.id }, query: { lat: point.lat, lng: point.lng } });
    const near = items.find((p) => distanceMeters(point, p) <= maxMeters);
    return near?.name ?? null;
  } catch {
    return null;
  }
}
