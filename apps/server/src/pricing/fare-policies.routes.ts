import { pricingAdminRoutes as pricingAdminContract } from '@openride/shared/pricing/api';
import { Hono } from 'hono';
import type { AppEnv } from '../http/context';
import { mounter } from '../http/mount';
import { createFarePolicy } from './create-fare-policy';
import { listFarePolicies } from './list-fare-policies';
import { simulateFare } from './simulate-fare';
import type { Ports } from '../ports';

/** What these routes use (issue 28 §2): named here, not taken from the composition root's whole Services. */
type RouteDeps = Pick<Ports, 'db'>;

/** /pricing-settings (admins only): fare policies, their versions, and the fare simulator (decision 0032). */
export function farePolicyRoutes(services: RouteDeps) {
  const { db } = services;
  const app = new Hono<AppEnv>();
  const on = mounter(app, services, pricingAdminContract);

  on('GET /api/admin/pricing/:city', async ({ params }) => ({ status: 200, body: await listFarePolicies(db, params.city) }));

  on('POST /api/admin/pricing/:city/policies', async ({ user, params, body }) => ({
    status: 201,
    body: { policy: await createFarePolicy(db, user.id, params.city, body) },
  }));

  on('POST /api/admin/pricing/simulate', async ({ body }) => ({ status: 200, body: await simulateFare(db, body) }));

  return app;
}
