import { zoneRoutes as zoneContract } from '@openride/shared/zones/api';
import { Hono } from 'hono';
import type { AppEnv } from '../http/context';
import { mounter } from '../http/mount';
import { cityPlaceRoutes } from './city-places.routes';
import { createCity, updateCity } from './city-verbs';
import { createZone, deleteZone, importZones, updateZone, zonesAsGeoJson } from './zone-verbs';
import { listCities, listZones } from './zones.repo';
import type { Ports } from '../ports';
import type { ZoneLocator } from './zone-locator';

/** What these routes use (issue 28 §2): named here, not taken from the composition root's whole Services. */
type RouteDeps = Pick<Ports, 'db'> & { zones: ZoneLocator };

/**
 * /geofence-management (admins only): cities, their service areas and zones. Its Test a point tool prices a
 * trip, so it lives with pricing (pricing.routes.ts): pricing reads zones, never the other way round.
 */
export function zoneRoutes(services: RouteDeps) {
  const app = new Hono<AppEnv>();
  const on = mounter(app, services, zoneContract);

  on('GET /api/admin/cities', async ({ staff }) => ({ status: 200, body: { items: await listCities(services.db, staff.cityIds) } }));
  on('POST /api/admin/cities', async ({ user, body }) => ({ status: 201, body: { city: await createCity(services, user.id, body) } }));
  on('PATCH /api/admin/cities/:id', async ({ user, params, body }) => ({ status: 200, body: { city: await updateCity(services, user.id, params.id, body) } }));

  on('GET /api/admin/zones', async ({ query }) => ({ status: 200, body: { items: await listZones(services.db, query.city_id) } }));
  on('POST /api/admin/zones', async ({ user, body }) => ({ status: 201, body: { zone: await createZone(services, user.id, body) } }));
  on('POST /api/admin/zones/import', async ({ user, body }) => ({ status: 201, body: { items: await importZones(services, user.id, body) } }));
  on('GET /api/admin/zones/export', async ({ c, query: { city_id } }) => {
    c.header('Content-Disposition', `attachment; filename="zones-${city_id}.geojson"`);
    return { status: 200, body: zonesAsGeoJson(await listZones(services.db, city_id)) };
  });
  on('PATCH /api/admin/zones/:id', async ({ user, params, body }) => ({ status: 200, body: { zone: await updateZone(services, user.id, params.id, body) } }));
  on('DELETE /api/admin/zones/:id', async ({ user, params }) => ({ status: 200, body: { zone: await deleteZone(services, user.id, params.id) } }));

  // A city's places (decision 0096) belong to this page too.
  app.route('/', cityPlaceRoutes(services));

  return app;
}
