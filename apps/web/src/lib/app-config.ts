import { useQuery } from '@tanstack/react-query';
import { isApiError } from './api';
import { call } from './call';
import type { AppConfig } from '@openride/shared/system/views';

/** GET /api/config: where map tiles and place search come from, and whether this is a demo. */
export type { AppConfig };

export const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const OSM_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/** What a server without /api/config (an older build) implies: OpenStreetMap's tiles, no geocoder. */
export const FALLBACK_CONFIG: AppConfig = {
  map: { tile_url: OSM_TILE_URL, attribution: OSM_ATTRIBUTION },
  geocoder_url: null,
  demo: false,
  calls: false,
  default_country: 'US',
  payments: { provider: null, publishable_key: null, test_mode: false },
};

export const appConfigQueryKey = ['config'] as const;

async function fetchAppConfig(): Promise<AppConfig> {
  try {
    return await call('GET /api/config');
  } catch (error) {
    if (isApiError(error, 404)) return FALLBACK_CONFIG;
    throw error;
  }
}

/** Public and stable for the life of the server process, so read once per page load. */
export function useAppConfig() {
  return useQuery({ queryKey: appConfigQueryKey, queryFn: fetchAppConfig, staleTime: Infinity, gcTime: Infinity });
}
