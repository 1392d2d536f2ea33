import {
  cancelRideSchema,
  chatMessageSchema,
  rideRequestSchema,
  ratingSchema,
  startRideSchema,
} from '@openride/shared/rides/schemas';
import { Hono } from 'hono';
import { emptyBodySchema } from '@openride/shared/contract';
import { chatHistoryQuerySchema, rideHistoryQuerySchema } from '@openride/shared/rides/api';
import { type AppEnv, requireUser, type Services } from '../http/context';
import { notFound } from '../lib/errors';
import { acceptRide } from './accept-ride';
import { driverActor } from './actor';
import { callRideParty } from './call-ride-party';
import { cancelRide } from './cancel-ride';
import { completeRide } from './complete-ride';
import { declineOffer } from './decline-offer';
import { getSharedRide } from './get-shared-ride';
import { listRides } from './list-rides';
import { markArrived } from './mark-arrived';
import { rateRide } from './rate-ride';
import { listMessages, sendMessage } from './ride-chat';
import { requestRide } from './request-ride';
import { activeRideOf, findRideFor, isRideId, type RideRow, rideView, type RideViewer } from './rides.repo';
import { startRide } from './start-ride';


export function rideRoutes(services: Services) {
  const { db } = services;
  const app = new Hono<AppEnv>();
  const view = (row: RideRow, viewer: RideViewer, userId: string) => rideView(db, row, viewer, userId, services.locations.lastFixOf);

  /** A ride id from the path; anything that is not a uuid cannot name a ride. */
  const rideIdOf = (id: string) => {
    if (!isRideId(id)) throw notFound('Ride not found');
    return id;
  };

  app.post('/api/rides', async (c) => {
    const user = requireUser(c);
    const input = rideRequestSchema.parse(await c.req.json());
    const ride = await requestRide(services, user.id, input);
    return c.json({ ride: await view(ride, 'rider', user.id) }, 201);
  });

  app.get('/api/rides', async (c) => {
    const user = requireUser(c);
    const query = rideHistoryQuerySchema.parse({ cursor: c.req.query('cursor') || undefined, limit: c.req.query('limit') || undefined, as: c.req.query('as') || undefined });
    return c.json(await listRides(db, user.id, query));
  });

  /** The caller's live ride: as its rider first, else as its driver. */
  app.get('/api/rides/active', async (c) => {
    const user = requireUser(c);
    const active = await activeRideOf(db, user.id);
    return c.json({ ride: active ? await view(active.row, active.viewer, user.id) : null });
  });

  /** Its rider (with the PIN) or its assigned driver (without); anyone else 404, so ids reveal nothing. */
  app.get('/api/rides/:id', async (c) => {
    const user = requireUser(c);
    const found = await findRideFor(db, user.id, rideIdOf(c.req.param('id')));
    if (!found) throw notFound('Ride not found');
    return c.json({ ride: await view(found.row, found.viewer, user.id) });
  });

  /** The rider cancels (until the trip starts), or the assigned driver does (before it starts). */
  app.post('/api/rides/:id/cancel', async (c) => {
    const user = requireUser(c);
    const id = rideIdOf(c.req.param('id'));
    const input = cancelRideSchema.parse(await c.req.json());
    const found = await findRideFor(db, user.id, id);
    if (!found) throw notFound('Ride not found');
    const ride = await cancelRide(services, { kind: found.viewer, userId: user.id }, id, input);
    return c.json({ ride: await view(ride, found.viewer, user.id) });
  });

  app.post('/api/rides/:id/accept', async (c) => {
    const user = requireUser(c);
    const id = rideIdOf(c.req.param('id'));
    emptyBodySchema.parse(await c.req.json());
    const ride = await acceptRide(services, driverActor(user.id), id);
    return c.json({ ride: await view(ride, 'driver', user.id) });
  });

  app.post('/api/rides/:id/decline', async (c) => {
    const user = requireUser(c);
    const id = rideIdOf(c.req.param('id'));
    emptyBodySchema.parse(await c.req.json());
    await declineOffer(services, driverActor(user.id), id);
    return c.json({ ok: true });
  });

  app.post('/api/rides/:id/arrive', async (c) => {
    const user = requireUser(c);
    const id = rideIdOf(c.req.param('id'));
    emptyBodySchema.parse(await c.req.json());
    return c.json({ ride: await view(await markArrived(services, driverActor(user.id), id), 'driver', user.id) });
  });

  app.post('/api/rides/:id/start', async (c) => {
    const user = requireUser(c);
    const id = rideIdOf(c.req.param('id'));
    const { pin } = startRideSchema.parse(await c.req.json());
    return c.json({ ride: await view(await startRide(services, driverActor(user.id), id, { pin }), 'driver', user.id) });
  });

  app.post('/api/rides/:id/complete', async (c) => {
    const user = requireUser(c);
    const id = rideIdOf(c.req.param('id'));
    emptyBodySchema.parse(await c.req.json());
    return c.json({ ride: await view(await completeRide(services, driverActor(user.id), id), 'driver', user.id) });
  });

  app.get('/api/rides/:id/messages', async (c) => {
    const user = requireUser(c);
    const id = rideIdOf(c.req.param('id'));
    const page = chatHistoryQuerySchema.parse({ before: c.req.query('before') || undefined, limit: c.req.query('limit') || undefined });
    return c.json(await listMessages(services, user.id, id, page));
  });

  app.post('/api/rides/:id/messages', async (c) => {
    const user = requireUser(c);
    const id = rideIdOf(c.req.param('id'));
    const input = chatMessageSchema.parse(await c.req.json());
    return c.json({ message: await sendMessage(services, user.id, id, input) }, 201);
  });

  /** A masked call to the other party of a live ride: the provider rings the caller, then connects them. */
  app.post('/api/rides/:id/call', async (c) => {
    const user = requireUser(c);
    const id = rideIdOf(c.req.param('id'));
    emptyBodySchema.parse(await c.req.json());
    return c.json({ call: await callRideParty(services, user.id, id) }, 202);
  });

  app.post('/api/rides/:id/rating', async (c) => {
    const user = requireUser(c);
    const id = rideIdOf(c.req.param('id'));
    const input = ratingSchema.parse(await c.req.json());
    return c.json({ rating: await rateRide(services, user.id, id, input) }, 201);
  });

  /** Public, read-only: the token is the credential. */
  app.get('/api/share/:token', async (c) => c.json({ ride: await getSharedRide(db, c.req.param('token'), services.locations.lastFixOf) }));

  return app;
}
