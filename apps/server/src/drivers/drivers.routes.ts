import { driverStatusUpdateSchema } from '@openride/shared/drivers/api';
import { driverApplicationSchema, driverCityChangeSchema } from '@openride/shared/drivers/schemas';
import { rideRoutes as rideContract } from '@openride/shared/rides/api';
import { Hono } from 'hono';
import { mounter } from '../http/mount';
import { z } from 'zod';
import { getOpenOffer } from '../dispatch/get-open-offer';
import { type AppEnv, requireUser, type Services } from '../http/context';
import { notFound } from '../lib/errors';
import { applyToDrive } from './apply-to-drive';
import { changeDriverCity } from './change-driver-city';
import { ownDriverOf } from './drivers.repo';
import { getActiveDriver } from './get-active-driver';
import { setDriverStatus } from './set-driver-status';

/** Driver ids are UUIDs: anything else names no driver (404), never a database error. */
const driverIdSchema = z.uuid();

export function driverRoutes(services: Services) {
  const { db } = services;
  const app = new Hono<AppEnv>();

  /** §7 drivers insert: the application. The user id is the session's, never the body's. */
  app.post('/api/drivers', async (c) => {
    const user = requireUser(c);
    const input = driverApplicationSchema.parse(await c.req.json());
    return c.json({ driver: await applyToDrive(services, user.id, input) }, 201);
  });

  app.get('/api/drivers/me', async (c) => {
    const user = requireUser(c);
    return c.json({ driver: await ownDriverOf(db, user.id) });
  });

  /** The gate of /driver-active: 200 only for an approved newest record. */
  app.get('/api/drivers/me/active', async (c) => {
    const user = requireUser(c);
    return c.json({ driver: await getActiveDriver(services, user.id) });
  });

  /** The caller moves to another city; its requirements apply at once (decision 0074). */
  app.put('/api/drivers/me/city', async (c) => {
    const user = requireUser(c);
    const input = driverCityChangeSchema.parse(await c.req.json());
    return c.json(await changeDriverCity(services, user.id, input));
  });

  /** The caller's open offer, to restore the offer card after a reload. */
  mounter(app, services, rideContract)('GET /api/drivers/me/offer', async ({ user }) => ({ status: 200, body: { offer: await getOpenOffer(services, user.id) } }));

  /** §7 drivers update: status by id. Only the record's owner; going online needs an approved record. */
  app.patch('/api/drivers/:id', async (c) => {
    const user = requireUser(c);
    const id = driverIdSchema.safeParse(c.req.param('id'));
    if (!id.success) throw notFound('Driver not found');
    const { status } = driverStatusUpdateSchema.parse(await c.req.json());
    return c.json({ driver: await setDriverStatus(services, user.id, id.data, status) });
  });

  return app;
}
