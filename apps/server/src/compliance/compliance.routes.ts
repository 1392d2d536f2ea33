import { isUuid } from '@openride/shared/text';
import { Hono } from 'hono';
import { type AppEnv, requireUser, type Services } from '../http/context';
import { requireAdmin } from '../http/require-admin';
import { notFound } from '../lib/errors';
import { ownApprovedDriver } from '../payouts/own-driver';
import { complianceOf, driverExists } from './compliance.repo';

/**
 * Driver compliance (issue 14, decision 0049): a driver reads their own papers against their city's
 * requirements (the path names no driver); admins read any driver's.
 */
export function complianceRoutes(services: Services) {
  const { db } = services;
  const app = new Hono<AppEnv>();

  app.get('/api/drivers/me/compliance', async (c) => {
    const driver = await ownApprovedDriver(db, requireUser(c).id);
    return c.json(await complianceOf(db, driver.id));
  });

  app.use('/api/admin/drivers/:id/compliance', requireAdmin(services));
  app.get('/api/admin/drivers/:id/compliance', async (c) => {
    const id = c.req.param('id');
    if (!isUuid(id) || !(await driverExists(db, id))) throw notFound('Driver not found');
    return c.json(await complianceOf(db, id));
  });
  return app;
}
