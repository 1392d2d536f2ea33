import { adminVehiclesQuerySchema, vehicleInputSchema, vehiclePhotoInputSchema, vehicleReviewSchema, vehicleRulesInputSchema } from '@openride/shared/vehicles/schemas';
import { emptyBodySchema } from '@openride/shared/contract';
import { Hono } from 'hono';
import { type AppEnv, requireUser, type Services } from '../http/context';
import { requireAdmin } from '../http/require-admin';
import { csvResponse } from '../lib/csv';
import { pageThrough } from '../lib/keyset';
import { activateVehicle, addVehicle, attachVehiclePhoto, detachVehiclePhoto, editVehicle, listOwnVehicles } from './own-vehicles';
import { getVehicleRules, listDriverVehicles, listVehiclesForReview, reviewVehicle, setVehicleRules, VEHICLES_CSV } from './review-vehicle';

/** /vehicles (decision 0046): a driver's cars, the admins' verification queue and each city's ride-type rules. */
export function vehicleRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  app.use('/api/admin/vehicles', requireAdmin(services));
  app.use('/api/admin/vehicles/*', requireAdmin(services));
  app.use('/api/admin/vehicle-rules/*', requireAdmin(services));
  app.use('/api/admin/drivers/:id/vehicles', requireAdmin(services));

  app.get('/api/vehicles', async (c) => c.json(await listOwnVehicles(services, requireUser(c).id)));

  app.post('/api/vehicles', async (c) => {
    const user = requireUser(c);
    const input = vehicleInputSchema.parse(await c.req.json());
    return c.json({ vehicle: await addVehicle(services, user.id, input) }, 201);
  });

  app.patch('/api/vehicles/:id', async (c) => {
    const user = requireUser(c);
    const input = vehicleInputSchema.parse(await c.req.json());
    return c.json({ vehicle: await editVehicle(services, user.id, c.req.param('id'), input) });
  });

  app.post('/api/vehicles/:id/activate', async (c) => {
    const user = requireUser(c);
    emptyBodySchema.parse(await c.req.json());
    return c.json({ vehicle: await activateVehicle(services, user.id, c.req.param('id')) });
  });

  // Photos (decision 0048): a file the driver uploaded as a vehicle photo, attached to or detached from their vehicle.
  app.post('/api/vehicles/:id/photos', async (c) => {
    const user = requireUser(c);
    const input = vehiclePhotoInputSchema.parse(await c.req.json());
    return c.json({ vehicle: await attachVehiclePhoto(services, user.id, c.req.param('id'), input.file_id) });
  });

  app.delete('/api/vehicles/:id/photos/:fileId', async (c) => {
    const user = requireUser(c);
    return c.json({ vehicle: await detachVehiclePhoto(services, user.id, c.req.param('id'), c.req.param('fileId')) });
  });

  app.get('/api/admin/drivers/:id/vehicles', async (c) => c.json(await listDriverVehicles(services, c.req.param('id'))));

  app.get('/api/admin/vehicles', async (c) => {
    const query = adminVehiclesQuerySchema.parse(c.req.query());
    if (query.format === 'csv') return csvResponse('vehicles', VEHICLES_CSV, pageThrough((cursor) => listVehiclesForReview(services, { ...query, cursor, limit: 500 })));
    return c.json(await listVehiclesForReview(services, query));
  });

  app.post('/api/admin/vehicles/:id/review', async (c) => {
    const admin = requireUser(c);
    const input = vehicleReviewSchema.parse(await c.req.json());
    return c.json({ vehicle: await reviewVehicle(services, admin.id, c.req.param('id'), input) });
  });

  app.get('/api/admin/vehicle-rules/:city', async (c) => c.json(await getVehicleRules(services, c.req.param('city'))));

  app.put('/api/admin/vehicle-rules/:city', async (c) => {
    const admin = requireUser(c);
    const input = vehicleRulesInputSchema.parse(await c.req.json());
    return c.json(await setVehicleRules(services, admin.id, c.req.param('city'), input));
  });

  return app;
}
