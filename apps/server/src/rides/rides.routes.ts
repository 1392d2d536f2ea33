import { rideRoutes as rideContract } from '@openride/shared/rides/api';
import { Hono } from 'hono';
import type { AppEnv } from '../http/context';
import { mounter } from '../http/mount';
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
import type { Ports } from '../ports';
import type { DriverCache, RideDispatcher, RideLocations } from './dispatch-port';
import type { PaymentProvider } from '../payments/provider';
import type { RoutingProvider } from '../routing/routing-provider';
import type { SurgeEngine } from '../surge/surge-engine';
import type { Telephony } from '../telephony/telephony';
import type { ZoneLocator } from '../zones/zone-locator';

/** What these routes use (issue 28 §2): named here, not taken from the composition root's whole Services. */
type RouteDeps = Pick<Ports, 'bus' | 'db' | 'env' | 'jobs' | 'logger' | 'push' | 'quoteKey' | 'usage'> & {
  dispatcher: RideDispatcher;
  drivers: DriverCache;
  locations: RideLocations;
  payments: PaymentProvider | null;
  routing: RoutingProvider;
  surge: SurgeEngine;
  telephony: Telephony | null;
  zones: ZoneLocator;
};

export function rideRoutes(services: RouteDeps) {
  const { db } = services;
  const app = new Hono<AppEnv>();
  const on = mounter(app, services, rideContract);
  const view = <V extends RideViewer>(row: RideRow, viewer: V, userId: string) => rideView(db, row, viewer, userId, services.locations.lastFixOf);

  /** A ride id from the path; anything that is not a uuid cannot name a ride. */
  const rideIdOf = (id: string) => {
    if (!isRideId(id)) throw notFound('Ride not found');
    return id;
  };

  on('POST /api/rides', async ({ user, body }) => {
    const ride = await requestRide(services, user.id, body);
    return { status: 201, body: { ride: await view(ride, 'rider', user.id) } };
  });

  on('GET /api/rides', async ({ user, query }) => ({ status: 200, body: await listRides(db, user.id, query) }));

  /** The caller's live ride: as its rider first, else as its driver. */
  on('GET /api/rides/active', async ({ user }) => {
    const active = await activeRideOf(db, user.id);
    return { status: 200, body: { ride: active ? await view(active.row, active.viewer, user.id) : null } };
  });

  /** Its rider (with the PIN) or its assigned driver (without); anyone else 404, so ids reveal nothing. */
  on('GET /api/rides/:id', async ({ user, params }) => {
    const found = await findRideFor(db, user.id, rideIdOf(params.id));
    if (!found) throw notFound('Ride not found');
    return { status: 200, body: { ride: await view(found.row, found.viewer, user.id) } };
  });

  /** The rider cancels (until the trip starts), or the assigned driver does (before it starts). */
  on('POST /api/rides/:id/cancel', async ({ user, params, body }) => {
    const id = rideIdOf(params.id);
    const found = await findRideFor(db, user.id, id);
    if (!found) throw notFound('Ride not found');
    const ride = await cancelRide(services, { kind: found.viewer, userId: user.id }, id, body);
    return { status: 200, body: { ride: await view(ride, found.viewer, user.id) } };
  });

  on('POST /api/rides/:id/accept', async ({ user, params }) => {
    const ride = await acceptRide(services, driverActor(user.id), rideIdOf(params.id));
    return { status: 200, body: { ride: await view(ride, 'driver', user.id) } };
  });

  on('POST /api/rides/:id/decline', async ({ user, params }) => {
    await declineOffer(services, driverActor(user.id), rideIdOf(params.id));
    return { status: 200, body: { ok: true as const } };
  });

  on('POST /api/rides/:id/arrive', async ({ user, params }) => ({
    status: 200,
    body: { ride: await view(await markArrived(services, driverActor(user.id), rideIdOf(params.id)), 'driver', user.id) },
  }));

  on('POST /api/rides/:id/start', async ({ user, params, body }) => ({
    status: 200,
    body: { ride: await view(await startRide(services, driverActor(user.id), rideIdOf(params.id), { pin: body.pin }), 'driver', user.id) },
  }));

  on('POST /api/rides/:id/complete', async ({ user, params }) => ({
    status: 200,
    body: { ride: await view(await completeRide(services, driverActor(user.id), rideIdOf(params.id)), 'driver', user.id) },
  }));

  on('GET /api/rides/:id/messages', async ({ user, params, query }) => ({
    status: 200,
    body: await listMessages(services, user.id, rideIdOf(params.id), query),
  }));

  on('POST /api/rides/:id/messages', async ({ user, params, body }) => ({
    status: 201,
    body: { message: await sendMessage(services, user.id, rideIdOf(params.id), body) },
  }));

  /** A masked call to the other party of a live ride: the provider rings the caller, then connects them. */
  on('POST /api/rides/:id/call', async ({ user, params }) => ({ status: 202, body: { call: await callRideParty(services, user.id, rideIdOf(params.id)) } }));

  on('POST /api/rides/:id/rating', async ({ user, params, body }) => ({
    status: 201,
    body: { rating: await rateRide(services, user.id, rideIdOf(params.id), body) },
  }));

  /** Public, read-only: the token is the credential. */
  on('GET /api/share/:token', async ({ params }) => ({ status: 200, body: { ride: await getSharedRide(db, params.token, services.locations.lastFixOf) } }));

  return app;
}
