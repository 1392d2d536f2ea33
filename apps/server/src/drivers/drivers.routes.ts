import { driverRoutes as driverContract } from '@openride/shared/drivers/api';
import { rideRoutes as rideContract } from '@openride/shared/rides/api';
import { Hono } from 'hono';
import { mounter } from '../http/mount';
import { z } from 'zod';
import { getOpenOffer } from '../dispatch/get-open-offer';
import type { AppEnv } from '../http/context';
import { notFound } from '../lib/errors';
import { applyToDrive } from './apply-to-drive';
import { changeDriverCity } from './change-driver-city';
import { ownDriverOf } from './drivers.repo';
import { getActiveDriver } from './get-active-driver';
import { setDriverStatus } from './set-driver-status';
import type { Ports } from '../ports';
import type { Dispatcher } from '../dispatch/dispatcher';
import type { DriverDirectory } from '../dispatch/driver-directory';

/** Driver ids are UUIDs: anything else names no driver (404), never a database error. */
const driverIdSchema = z.uuid();

/** What these routes use (issue 28 §2): named here, not taken from the composition root's whole Services. */
type RouteDeps = Pick<Ports, 'bus' | 'db' | 'env'> & { dispatcher: Dispatcher; drivers: DriverDirectory };

export function driverRoutes(services: RouteDeps) {
  const { db } = services;
  const app = new Hono<AppEnv>();
  const on = mounter(app, services, driverContract);

  /** §7 drivers insert: the application. The user id is the session's, never the body's. */
  on('POST /api/drivers', async ({ user, body }) => ({ status: 201, body: { driver: await applyToDrive(services, user.id, body) } }));

  on('GET /api/drivers/me', async ({ user }) => ({ status: 200, body: { driver: await ownDriverOf(db, user.id) } }));

  /** The gate of /driver-active: 200 only for an approved newest record. */
  on('GET /api/drivers/me/active', async ({ user }) => ({ status: 200, body: { driver: await getActiveDriver(services, user.id) } }));

  /** The caller moves to another city; its requirements apply at once (decision 0074). */
  on('PUT /api/drivers/me/city', async ({ user, body }) => ({ status: 200, body: await changeDriverCity(services, user.id, body) }));

  /** The caller's open offer, to restore the offer card after a reload. */
  mounter(
    app,
    services,
    rideContract,
  )('GET /api/drivers/me/offer', async ({ user }) => ({ status: 200, body: { offer: await getOpenOffer(services, user.id) } }));

  /** §7 drivers update: status by id. Only the record's owner; going online needs an approved record. */
  on('PATCH /api/drivers/:id', async ({ user, params, body }) => {
    const id = driverIdSchema.safeParse(params.id);
    if (!id.success) throw notFound('Driver not found');
    return { status: 200, body: { driver: await setDriverStatus(services, user.id, id.data, body.status) } };
  });

  return app;
}
