import type { PublicCity } from '@openride/shared/public/views';
import { servedCities } from './public.repo';
import type { Ports } from '../ports';

/** GET /api/public/cities: every served city, its time zone, where its map opens and its service areas as GeoJSON. */
export async function listPublicCities(services: Pick<Ports, 'db'>): Promise<PublicCity[]> {
  const rows = await servedCities(services.db);
  return rows.map(({ city, areas }) => ({
    id: city.id,
    name: city.name,
    currency: city.currency.trim(),
    time_zone: city.timezone,
    center: { lat: city.center_lat, lng: city.center_lng },
    service_area: {
      type: 'FeatureCollection',
      features: areas.map((a) => ({ type: 'Feature', id: a.id, geometry: a.geometry, properties: { name: a.name } })),
    },
  }));
}
