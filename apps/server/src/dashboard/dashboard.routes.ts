import { goalInputSchema } from '@openride/shared/dashboard/schemas';
import { Hono } from 'hono';
import { type AppEnv, requireUser, type Services } from '../http/context';
import { ownApprovedDriver } from '../payouts/own-driver';
import { getDemandNearMe } from './get-demand-near-me';
import { getMyDashboard } from './get-my-dashboard';
import { goalOf } from './goals.repo';
import { setMyGoal } from './set-my-goal';

/**
 * The driver's own dashboard at its secret path (issue 14, decision 0050). The path is hidden; these APIs are
 * not: each checks for a signed-in approved driver (visitor 401, rider 403, pending 403 DRIVER_NOT_APPROVED),
 * and names no driver, so nobody reads another's.
 */
export function dashboardRoutes(services: Services) {
  const { db } = services;
  const app = new Hono<AppEnv>();

  app.get('/api/drivers/me/dashboard', async (c) => c.json(await getMyDashboard(db, requireUser(c).id)));
  app.get('/api/drivers/me/goal', async (c) => {
    const driver = await ownApprovedDriver(db, requireUser(c).id);
    return c.json({ goal: await goalOf(db, driver.id) });
  });
  app.put('/api/drivers/me/goal', async (c) => {
    const userId = requireUser(c).id;
    await ownApprovedDriver(db, userId);
    const input = goalInputSchema.parse(await c.req.json());
    return c.json({ goal: await setMyGoal(db, userId, input) });
  });
  app.get('/api/drivers/me/demand', async (c) => c.json(await getDemandNearMe(services, requireUser(c).id)));
  return app;
}
