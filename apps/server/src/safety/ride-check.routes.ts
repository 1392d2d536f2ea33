import { emptyBodySchema } from '@openride/shared/contract';
import { Hono } from 'hono';
import { type AppEnv, requireUser, type Services } from '../http/context';
import { notFound } from '../lib/errors';
import { isRideId } from '../rides/rides.repo';
import { answerRideCheck } from './answer-ride-check';
import { getRideCheck } from './get-ride-check';

/** Ride check (decision 0062): the prompt's read and its "I'm OK", for the ride's rider or driver only. */
export function rideCheckRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  const rideIdOf = (id: string) => {
    if (!isRideId(id)) throw notFound('Ride not found');
    return id;
  };

  app.get('/api/rides/:id/ride-check', async (c) => {
    const user = requireUser(c);
    return c.json({ check: await getRideCheck(services.db, user.id, rideIdOf(c.req.param('id'))) });
  });

  app.post('/api/rides/:id/ride-check/ok', async (c) => {
    const user = requireUser(c);
    const id = rideIdOf(c.req.param('id'));
    emptyBodySchema.parse(await c.req.json());
    return c.json({ answered: await answerRideCheck(services, user.id, id) });
  });

  return app;
}
