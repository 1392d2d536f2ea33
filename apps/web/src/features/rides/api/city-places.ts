import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { distanceMeters, type LatLngPoint } from '@openride/shared/geo/lat-lng';
import { matchPlaces } from '@openride/shared/places/schemas';
import { PUBLIC_MAX_AGE_S } from '@openride/shared/public/api';
import type { PublicCity } from '@openride/shared/public/views';
import { call } from '@/lib/call';

/**
 * Which city a rider's place search is about, and that city's places (issue 30 §5, decision 0096): the served
 * cities (GET /api/public/cities, the public pages' answer, under the same key) and one city's places
 * (GET /api/cities/:id/places, the whole list, searched here). No city is written here: a city with no places
 * suggests none.
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

/**
 * GET /api/cities/:id/places: every place of the city, fetched once and kept (the place field searches it with
 * `matchPlaces` as the rider types, and a GPS fix is named from it: both work offline once it is here).
 */
export const cityPlaceListQuery = (cityId: string) =>
  queryOptions({
    queryKey: ['city-places', cityId] as const,
    queryFn: ({ signal }) => call('GET /api/cities/:id/places', { params: { id: cityId } }, { signal }).then((r) => r.items),
    // As fresh as the public pages' answers (a place an operator adds shows within a minute); kept an hour.
    staleTime: PUBLIC_MAX_AGE_S * 1000,
    gcTime: 60 * 60_000,
  });

/** The places of the city whose name or area matches what is typed (none for an empty query or no city). */
export function useCityPlaceSearch(cityId: string | null, q: string) {
  const list = useQuery({ ...cityPlaceListQuery(cityId ?? ''), enabled: Boolean(cityId) });
  return matchPlaces(list.data ?? [], q);
}

/**
 * The name of the place of the point's city nearest the point within `maxMeters` (a GPS fix, a tap), or null:
 * only that city's places name it.
 */
export async function nearestCityPlace(client: QueryClient, point: LatLngPoint, maxMeters: number): Promise<string | null> {
  try {
    const { cities } = await client.fetchQuery(servedCitiesQuery());
    const city = cityFor(cities, point);
    if (!city) return null;
    const places = await client.fetchQuery(cityPlaceListQuery(city.id));
    let best: { name: string; d: number } | null = null;
    for (const p of places) {
      const d = distanceMeters(point, p);
      if (d <= maxMeters && (!best || d < best.d)) best = { name: p.name, d };
    }
    return best?.name ?? null;
  } catch {
    return null;
  }
}
