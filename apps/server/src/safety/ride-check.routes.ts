import { rideCheckRoutes as rideCheckContract } from '@openride/shared/safety/ride-check-api';
import { Hono } from 'hono';
import type { AppEnv } from '../http/context';
import { mounter } from '../http/mount';
import { notFound } from '../lib/errors';
import { isRideId } from '../rides/rides.repo';
import { answerRideCheck } from './answer-ride-check';
import { getRideCheck } from './get-ride-check';
import type { Ports } from '../ports';

/** What these routes use (issue 28 §2): named here, not taken from the composition root's whole Services. */
type RouteDeps = Pick<Ports, 'bus' | 'db'>;

/** Ride check (decision 0062): the prompt's read and its "I'm OK", for the ride's rider or driver only. */
export function rideCheckRoutes(services: RouteDeps) {
  const app = new Hono<AppEnv>();
  const on = mounter(app, services, rideCheckContract);
  const rideIdOf = (id: string) => {
    if (!isRideId(id)) throw notFound('Ride not found');
    return id;
  };

  on('GET /api/rides/:id/ride-check', async ({ user, params }) => ({
    status: 200,
    body: { check: await getRideCheck(services.db, user.id, rideIdOf(params.id)) },
  }));
  on('POST /api/rides/:id/ride-check/ok', async ({ user, params }) => ({
    status: 200,
    body: { answered: await answerRideCheck(services, user.id, rideIdOf(params.id)) },
  }));

  return app;
}
