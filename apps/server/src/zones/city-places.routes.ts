import { cityPlaceRoutes as placeContract } from '@openride/shared/places/api';
import { Hono } from 'hono';
import type { AppEnv } from '../http/context';
import { mounter } from '../http/mount';
import type { Ports } from '../ports';
import { createCityPlace, deleteCityPlace, importCityPlaces, listCityPlaces, searchCityPlaces, updateCityPlace } from './city-places';

/** A city's places (decision 0096): the public search, and /geofence-management's list, edits and import. */
export function cityPlaceRoutes(services: Pick<Ports, 'db'>) {
  const app = new Hono<AppEnv>();
  const on = mounter(app, services, placeContract);

  on('GET /api/cities/:id/places', async ({ params, query }) => ({ status: 200, body: { items: await searchCityPlaces(services.db, params.id, query) } }));
  on('GET /api/admin/cities/:id/places', async ({ params }) => ({ status: 200, body: { items: await listCityPlaces(services.db, params.id) } }));
  on('POST /api/admin/cities/:id/places', async ({ user, params, body }) => ({
    status: 201,
    body: { place: await createCityPlace(services, user.id, params.id, body) },
  }));
  on('POST /api/admin/cities/:id/places/import', async ({ user, params, body }) => ({
    status: 201,
    body: { items: await importCityPlaces(services, user.id, params.id, body) },
  }));
  on('PATCH /api/admin/city-places/:id', async ({ user, params, body }) => ({
    status: 200,
    body: { place: await updateCityPlace(services, user.id, params.id, body) },
  }));
  on('DELETE /api/admin/city-places/:id', async ({ user, params }) => ({ status: 200, body: { place: await deleteCityPlace(services, user.id, params.id) } }));

  return app;
}
