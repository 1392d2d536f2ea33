import { clientFrameSchema } from '@openride/shared/realtime';
import { Hono } from 'hono';
import { type AppEnv, requireUser, type Services } from '../http/context';
import { AppError, badRequest } from '../lib/errors';
import { OFFLINE_REFUSAL } from './location-service';

/**
 * A driver's GPS fix over HTTP: the same frame, rules and rate as over the socket (LocationService), for a
 * phone whose socket is down or refused (a proxy without WebSocket upgrades, a flaky network). The app
 * falls back to it by itself and goes back to the socket when it returns.
 */
export function locationRoutes(services: Services) {
  const app = new Hono<AppEnv>();

  app.post('/api/drivers/me/location', async (c) => {
    const user = requireUser(c);
    const body: unknown = await c.req.json();
    const frame = clientFrameSchema.parse({ ...(typeof body === 'object' && body ? body : {}), type: 'location' });
    if (frame.type !== 'location') throw badRequest('Not a location');
    const refusal = await services.locations.handleFrame(user.id, frame);
    // A driver whose status this server has not seen go online yet (the switch and the first fixes race,
    // and the socket path tolerates it the same way): received, not taken — not a failed request, so the
    // phone neither shows nor logs an error and simply sends the next fix.
    if (refusal?.message === OFFLINE_REFUSAL) return c.json({ taken: false, reason: refusal.message }, 202);
    if (refusal) throw new AppError(refusal.code === 'FORBIDDEN' ? 'FORBIDDEN' : 'BAD_REQUEST', refusal.message);
    return c.body(null, 204);
  });

  return app;
}
