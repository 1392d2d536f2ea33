import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type SearchCity, useCityPlaceSearch } from '../api/city-places';

export type PlaceSuggestion = { key: string; name: string; detail: string; lat: number; lng: number };

const GEOCODER_DEBOUNCE_MS = 350;
const GEOCODER_MIN_CHARS = 3;
const GEOCODER_LIMIT = 5;

type NominatimHit = { place_id: number | string; display_name: string; lat: string; lon: string; name?: string };

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** The reader's language, as Nominatim's `accept-language` takes it (the browser's, e.g. `es-ES`). */
const readerLanguage = () => (typeof navigator !== 'undefined' && navigator.language ? navigator.language : 'en');

/**
 * Suggestions for a typed place: the rider's city's own places (GET /api/cities/:id/places, decision 0096, its
 * list searched here as typed, offline too), then, when a geocoder is configured (GET /api/config
 * `geocoder_url`, Nominatim's API), its answers after a pause in typing, biased to the city's box (`viewbox`,
 * not bounded to it) and in the reader's language. A city with no places, or a geocoder that fails, just adds nothing: typed coordinates still work.
 */
export function usePlaceSearch(query: string, geocoderUrl: string | null, city: SearchCity | null) {
  const trimmed = query.trim();
  const local: PlaceSuggestion[] = useCityPlaceSearch(city?.id ?? null, trimmed).map((p) => ({
    key: `place:${p.id}`,
    name: p.name,
    detail: p.area,
    lat: p.lat,
    lng: p.lng,
  }));
  const debounced = useDebounced(trimmed, GEOCODER_DEBOUNCE_MS);
  const box = city?.box ?? null;
  const remote = useQuery({
    queryKey: ['geocoder', geocoderUrl, debounced, box],
    enabled: Boolean(geocoderUrl) && debounced.length >= GEOCODER_MIN_CHARS,
    staleTime: 5 * 60_000,
    retry: false,
    queryFn: async ({ signal }): Promise<PlaceSuggestion[]> => {
      const bias = box ? `&viewbox=${box.west},${box.north},${box.east},${box.south}&bounded=0` : '';
      const language = `&accept-language=${encodeURIComponent(readerLanguage())}`;
      const url = `${geocoderUrl!.replace(/\/+$/, '')}/search?format=json&limit=${GEOCODER_LIMIT}&q=${encodeURIComponent(debounced)}${bias}${language}`;
      const response = await fetch(url, { signal, headers: { Accept: 'application/json' } });
      if (!response.ok) return [];
      const hits = (await response.json()) as NominatimHit[];
      return hits
        .map((hit) => {
          const parts = hit.display_name.split(', ');
          // An address starts with its house number: "1, Market Street, …" reads "1 Market Street".
          const lead = parts.length > 1 && /^\d+[a-z]?$/i.test(parts[0]!) ? 2 : 1;
          const name = hit.name || parts.slice(0, lead).join(' ') || hit.display_name;
          return { key: `geo:${hit.place_id}`, name, detail: parts.slice(lead, lead + 3).join(', '), lat: Number(hit.lat), lng: Number(hit.lon) };
        })
        .filter((s) => Number.isFinite(s.lat) && Number.isFinite(s.lng));
    },
  });
  const remoteHits = debounced === trimmed ? (remote.data ?? []) : [];
  const seen = new Set(local.map((s) => s.name.toLowerCase()));
  const suggestions = [...local, ...remoteHits.filter((s) => !seen.has(s.name.toLowerCase()))];
  const searching = Boolean(geocoderUrl) && trimmed.length >= GEOCODER_MIN_CHARS && (debounced !== trimmed || remote.isFetching);
  return { suggestions, searching };
}

type NominatimReverse = { name?: string; display_name?: string; address?: { house_number?: string; road?: string; neighbourhood?: string; suburb?: string } };

/**
 * The address of a point from the configured geocoder (Nominatim's /reverse), to name a GPS pickup or a tap on
 * the map ("1 Market Street") instead of "Current location" (issue 17 §6). Null when it has no answer.
 */
export async function reverseGeocode(geocoderUrl: string, point: { lat: number; lng: number }, signal?: AbortSignal): Promise<string | null> {
  try {
    const url = `${geocoderUrl.replace(/\/+$/, '')}/reverse?format=json&zoom=18&lat=${point.lat}&lon=${point.lng}&accept-language=${encodeURIComponent(readerLanguage())}`;
    const response = await fetch(url, { signal, headers: { Accept: 'application/json' } });
    if (!response.ok) return null;
    const hit = (await response.json()) as NominatimReverse;
    const road = hit.address?.road;
    if (road) return hit.address?.house_number ? `${hit.address.house_number} ${road}` : road;
    if (hit.name) return hit.name;
    return hit.display_name?.split(', ').slice(0, 2).join(', ') || null;
  } catch {
    return null;
  }
}
