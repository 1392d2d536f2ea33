import { rideRoutes as rideContract } from '@openride/shared/rides/api';
import { Hono } from 'hono';
import type { AppEnv } from '../http/context';
import { mounter } from '../http/mount';
import { AppError } from '../lib/errors';
import { OFFLINE_REFUSAL } from './location-service';
import type { LocationService } from './location-service';
import type { Ports } from '../ports';

/** What these routes use (issue 28 §2): named here, not taken from the composition root's whole Services. */
type RouteDeps = Pick<Ports, 'db'> & { locations: LocationService };

/**
 * A driver's GPS fix over HTTP: the same frame, rules and rate as over the socket (LocationService), for a
 * phone whose socket is down or refused (a proxy without WebSocket upgrades, a flaky network). The app
 * falls back to it by itself and goes back to the socket when it returns.
 */
export function locationRoutes(services: RouteDeps) {
  const app = new Hono<AppEnv>();

  mounter(
    app,
    services,
    rideContract,
  )('POST /api/drivers/me/location', async ({ user, body }) => {
    const refusal = await services.locations.handleFrame(user.id, { ...body, type: 'location' });
    // A driver whose status this server has not seen go online yet (the switch and the first fixes race,
    // and the socket path tolerates it the same way): received, not taken — not a failed request, so the
    // phone neither shows nor logs an error and simply sends the next fix.
    if (refusal?.message === OFFLINE_REFUSAL) return { status: 202, body: { taken: false as const, reason: refusal.message } };
    if (refusal) throw new AppError(refusal.code === 'FORBIDDEN' ? 'FORBIDDEN' : 'BAD_REQUEST', refusal.message);
    return { status: 204 };
  });

  return app;
}
