import { sosRoutes as sosContract } from '@openride/shared/safety/sos-api';
import { Hono } from 'hono';
import type { AppEnv } from '../http/context';
import { mounter } from '../http/mount';
import { getMySos, listOpenSos } from './list-sos';
import { raiseSos } from './raise-sos';
import { resolveSos } from './resolve-sos';
import type { Ports } from '../ports';
import type { LocationService } from '../dispatch/location-service';

/** What these routes use (issue 28 §2): named here, not taken from the composition root's whole Services. */
type RouteDeps = Pick<Ports, 'bus' | 'db' | 'env' | 'jobs' | 'publicUrl' | 'push'> & { locations: LocationService };

/** Safety (issue 15): SOS during a ride (decision 0061). */
export function safetyRoutes(services: RouteDeps) {
  const app = new Hono<AppEnv>();
  const on = mounter(app, services, sosContract);

  on('POST /api/rides/:id/sos', async ({ user, params }) => {
    const answer = await raiseSos(services, user.id, params.id);
    return answer.repeated ? { status: 200, body: answer } : { status: 201, body: answer };
  });
  on('GET /api/rides/:id/sos', async ({ user, params }) => ({ status: 200, body: await getMySos(services, user.id, params.id) }));

  on('GET /api/admin/sos', async ({ staff }) => ({ status: 200, body: await listOpenSos(services, staff.cityIds) }));
  on('POST /api/admin/sos/:id/resolve', async ({ user, params, body }) => ({ status: 200, body: await resolveSos(services, user.id, params.id, body) }));
  return app;
}
