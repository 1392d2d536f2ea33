import { vehicleRoutes as vehicleContract } from '@openride/shared/vehicles/api';
import { Hono } from 'hono';
import type { AppEnv } from '../http/context';
import { mounter } from '../http/mount';
import { csvResponse } from '../lib/csv';
import { pageThrough } from '../lib/keyset';
import { activateVehicle, addVehicle, attachVehiclePhoto, detachVehiclePhoto, editVehicle, listOwnVehicles } from './own-vehicles';
import { getVehicleRules, listDriverVehicles, listVehiclesForReview, reviewVehicle, setVehicleRules, VEHICLES_CSV } from './review-vehicle';
import type { Ports } from '../ports';

/** What these routes use (issue 28 §2): named here, not taken from the composition root's whole Services. */
type RouteDeps = Pick<Ports, 'bus' | 'db' | 'push'>;

/** /vehicles (decision 0046): a driver's cars, the admins' verification queue and each city's ride-type rules. */
export function vehicleRoutes(services: RouteDeps) {
  const app = new Hono<AppEnv>();
  const on = mounter(app, services, vehicleContract);

  on('GET /api/vehicles', async ({ user }) => ({ status: 200, body: await listOwnVehicles(services, user.id) }));

  on('POST /api/vehicles', async ({ user, body }) => ({ status: 201, body: { vehicle: await addVehicle(services, user.id, body) } }));

  on('PATCH /api/vehicles/:id', async ({ user, params, body }) => ({ status: 200, body: { vehicle: await editVehicle(services, user.id, params.id, body) } }));

  on('POST /api/vehicles/:id/activate', async ({ user, params }) => ({ status: 200, body: { vehicle: await activateVehicle(services, user.id, params.id) } }));

  // Photos (decision 0048): a file the driver uploaded as a vehicle photo, attached to or detached from their vehicle.
  on('POST /api/vehicles/:id/photos', async ({ user, params, body }) => ({
    status: 200,
    body: { vehicle: await attachVehiclePhoto(services, user.id, params.id, body.file_id) },
  }));

  on('DELETE /api/vehicles/:id/photos/:fileId', async ({ user, params }) => ({
    status: 200,
    body: { vehicle: await detachVehiclePhoto(services, user.id, params.id, params.fileId) },
  }));

  on('GET /api/admin/drivers/:id/vehicles', async ({ params }) => ({ status: 200, body: await listDriverVehicles(services, params.id) }));

  on('GET /api/admin/vehicles', async ({ query, staff }) => {
    if (query.format === 'csv')
      return csvResponse(
        'vehicles',
        VEHICLES_CSV,
        pageThrough((cursor) => listVehiclesForReview(services, { ...query, cursor, limit: 500 }, staff.cityIds)),
      );
    return { status: 200, body: await listVehiclesForReview(services, query, staff.cityIds) };
  });

  on('POST /api/admin/vehicles/:id/review', async ({ user, params, body }) => ({
    status: 200,
    body: { vehicle: await reviewVehicle(services, user.id, params.id, body) },
  }));

  on('GET /api/admin/vehicle-rules/:city', async ({ params }) => ({ status: 200, body: await getVehicleRules(services, params.city) }));

  on('PUT /api/admin/vehicle-rules/:city', async ({ user, params, body }) => ({
    status: 200,
    body: await setVehicleRules(services, user.id, params.city, body),
  }));

  return app;
}
