import { cancelRideSchema, RIDE_HISTORY_DEFAULT_LIMIT, RIDE_HISTORY_MAX_LIMIT, rideRequestSchema } from '@openride/shared/rides/schemas';
import { Hono } from 'hono';
import { z } from 'zod';
import { type AppEnv, requireUser, type Services } from '../http/context';
import { notFound } from '../lib/errors';
import { cancelRide } from './cancel-ride';
import { getSharedRide } from './get-shared-ride';
import { listRides } from './list-rides';
import { requestRide } from './request-ride';
import { findRideFor, isRideId, toRideView } from './rides.repo';

const historyQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(RIDE_HISTORY_MAX_LIMIT).default(RIDE_HISTORY_DEFAULT_LIMIT),
});

export function rideRoutes(services: Services) {
  const { db } = services;
  const app = new Hono<AppEnv>();

  app.post('/api/rides', async (c) => {
    const user = requireUser(c);
    const input = rideRequestSchema.parse(await c.req.json());
    return c.json({ ride: await requestRide(services, user.id, input) }, 201);
  });

  app.get('/api/rides', async (c) => {
    const user = requireUser(c);
    const query = historyQuerySchema.parse({ cursor: c.req.query('cursor') || undefined, limit: c.req.query('limit') || undefined });
    return c.json(await listRides(db, user.id, query));
  });

  /** Its rider (with the PIN) or its assigned driver (without); anyone else 404, so ids reveal nothing. */
  app.get('/api/rides/:id', async (c) => {
    const user = requireUser(c);
    const id = c.req.param('id');
    const found = isRideId(id) ? await findRideFor(db, user.id, id) : undefined;
    if (!found) throw notFound('Ride not found');
    return c.json({ ride: toRideView(found.row, found.viewer) });
  });

  app.post('/api/rides/:id/cancel', async (c) => {
    const user = requireUser(c);
    const id = c.req.param('id');
    if (!isRideId(id)) throw notFound('Ride not found');
    const input = cancelRideSchema.parse(await c.req.json());
    return c.json({ ride: await cancelRide(services, user.id, id, input) });
  });

  /** Public, read-only: the token is the credential. */
  app.get('/api/share/:token', async (c) => c.json({ ride: await getSharedRide(db, c.req.param('token')) }));

  return app;
}
