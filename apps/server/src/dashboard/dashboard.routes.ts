import { dashboardRoutes as dashboardContract } from '@openride/shared/dashboard/api';
import { Hono } from 'hono';
import type { AppEnv } from '../http/context';
import { mounter } from '../http/mount';
import { ownApprovedDriver } from '../driver-record/current-driver';
import { getDemandNearMe } from './get-demand-near-me';
import { getMyDashboard } from './get-my-dashboard';
import { goalOf } from './goals.repo';
import { setMyGoal } from './set-my-goal';
import type { Ports } from '../ports';
import type { GeoIndex } from '../geo/geo-index';

/** What these routes use (issue 28 §2): named here, not taken from the composition root's whole Services. */
type RouteDeps = Pick<Ports, 'db'> & { geo: GeoIndex };

/**
 * The driver's own dashboard at its secret path (issue 14, decision 0050). The path is hidden; these APIs are
 * not: each checks for a signed-in approved driver (visitor 401, rider 403, pending 403 DRIVER_NOT_APPROVED),
 * and names no driver, so nobody reads another's.
 */
export function dashboardRoutes(services: RouteDeps) {
  const { db } = services;
  const app = new Hono<AppEnv>();
  const on = mounter(app, services, dashboardContract);

  on('GET /api/drivers/me/dashboard', async ({ user }) => ({ status: 200, body: await getMyDashboard(db, user.id) }));
  on('GET /api/drivers/me/goal', async ({ user }) => {
    const driver = await ownApprovedDriver(db, user.id);
    return { status: 200, body: { goal: await goalOf(db, driver.id) } };
  });
  on('PUT /api/drivers/me/goal', async ({ user, body }) => {
    await ownApprovedDriver(db, user.id);
    return { status: 200, body: { goal: await setMyGoal(db, user.id, body) } };
  });
  on('GET /api/drivers/me/demand', async ({ user }) => ({ status: 200, body: await getDemandNearMe(services, user.id) }));
  return app;
}
