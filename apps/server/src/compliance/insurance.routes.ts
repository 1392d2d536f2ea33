import { insuranceRoutes as insuranceContract } from '@openride/shared/compliance/insurance';
import { Hono } from 'hono';
import type { AppEnv } from '../http/context';
import { mounter } from '../http/mount';
import { addPolicy, listPoliciesForAdmin, listVehiclePolicies, reviewPolicy, revokePolicy } from './insurance-policies';
import type { Ports } from '../ports';
import type { PresencePorts } from '../driver-record/take-driver-offline';

/** What these routes use (issue 28 §2): named here, not taken from the composition root's whole Services. */
type RouteDeps = Pick<Ports, 'bus' | 'db' | 'push'> & PresencePorts;

/** Insurance policies per vehicle (decision 0052): the driver's own on /vehicles, the admins' /insurance-verification. */
export function insuranceRoutes(services: RouteDeps) {
  const app = new Hono<AppEnv>();
  const on = mounter(app, services, insuranceContract);

  on('GET /api/vehicles/:id/insurance', async ({ user, params }) => ({ status: 200, body: await listVehiclePolicies(services, user.id, params.id) }));
  on('POST /api/vehicles/:id/insurance', async ({ user, params, body }) => ({
    status: 201,
    body: { policy: await addPolicy(services, user.id, params.id, body) },
  }));

  on('GET /api/admin/insurance-policies', async ({ query, staff }) => ({ status: 200, body: await listPoliciesForAdmin(services, query, staff.cityIds) }));
  on('POST /api/admin/insurance-policies/:id/review', async ({ user, params, body }) => ({
    status: 200,
    body: { policy: await reviewPolicy(services, user.id, params.id, body) },
  }));
  on('POST /api/admin/insurance-policies/:id/revoke', async ({ user, params, body }) => ({
    status: 200,
    body: { policy: await revokePolicy(services, user.id, params.id, body.reason) },
  }));
  return app;
}
