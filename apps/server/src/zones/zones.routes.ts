import { cityQuerySchema, createCitySchema, createZoneSchema, importZonesSchema, updateCitySchema, updateZoneSchema } from '@openride/shared/zones/schemas';
import { Hono } from 'hono';
import { type AppEnv, requireUser, type Services } from '../http/context';
import { requireAdmin } from '../http/require-admin';
import { createCity, updateCity } from './city-verbs';
import { createZone, deleteZone, importZones, updateZone, zonesAsGeoJson } from './zone-verbs';
import { listCities, listZones } from './zones.repo';

/**
 * /geofence-management (admins only): cities, their service areas and zones. Its Test a point tool prices a
 * trip, so it lives with pricing (pricing.routes.ts): pricing reads zones, never the other way round.
 */
export function zoneRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  for (const path of ['/api/admin/cities', '/api/admin/cities/*', '/api/admin/zones', '/api/admin/zones/*']) app.use(path, requireAdmin(services));

  app.get('/api/admin/cities', async (c) => c.json({ items: await listCities(services.db) }));
  app.post('/api/admin/cities', async (c) => c.json({ city: await createCity(services, requireUser(c).id, createCitySchema.parse(await c.req.json())) }, 201));
  app.patch('/api/admin/cities/:id', async (c) =>
    c.json({ city: await updateCity(services, requireUser(c).id, c.req.param('id'), updateCitySchema.parse(await c.req.json())) }),
  );

  app.get('/api/admin/zones', async (c) => c.json({ items: await listZones(services.db, cityQuerySchema.parse(c.req.query()).city_id) }));
  app.post('/api/admin/zones', async (c) => c.json({ zone: await createZone(services, requireUser(c).id, createZoneSchema.parse(await c.req.json())) }, 201));
  app.post('/api/admin/zones/import', async (c) => c.json({ items: await importZones(services, requireUser(c).id, importZonesSchema.parse(await c.req.json())) }, 201));
  app.get('/api/admin/zones/export', async (c) => {
    const { city_id } = cityQuerySchema.parse(c.req.query());
    c.header('Content-Disposition', `attachment; filename="zones-${city_id}.geojson"`);
    return c.json(zonesAsGeoJson(await listZones(services.db, city_id)));
  });
  app.patch('/api/admin/zones/:id', async (c) =>
    c.json({ zone: await updateZone(services, requireUser(c).id, c.req.param('id'), updateZoneSchema.parse(await c.req.json())) }),
  );
  app.delete('/api/admin/zones/:id', async (c) => c.json({ zone: await deleteZone(services, requireUser(c).id, c.req.param('id')) }));

  return app;
}
