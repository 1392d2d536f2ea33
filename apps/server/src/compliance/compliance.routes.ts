import { complianceRoutes as complianceContract } from '@openride/shared/compliance/api';
import { isUuid } from '@openride/shared/text';
import { Hono } from 'hono';
import type { AppEnv } from '../http/context';
import { mounter } from '../http/mount';
import { notFound } from '../lib/errors';
import { ownApprovedDriver } from '../driver-record/current-driver';
import { complianceOf, driverExists } from './compliance.repo';
import type { Ports } from '../ports';

/** What these routes use (issue 28 §2): named here, not taken from the composition root's whole Services. */
type RouteDeps = Pick<Ports, 'db'>;

/**
 * Driver compliance (issue 14, decision 0049): a driver reads their own papers against their city's
 * requirements (the path names no driver); admins read any driver's.
 */
export function complianceRoutes(services: RouteDeps) {
  const { db } = services;
  const app = new Hono<AppEnv>();
  const on = mounter(app, services, complianceContract);

  on('GET /api/drivers/me/compliance', async ({ user }) => {
    const driver = await ownApprovedDriver(db, user.id);
    return { status: 200, body: await complianceOf(db, driver.id) };
  });
  on('GET /api/admin/drivers/:id/compliance', async ({ params: { id } }) => {
    if (!isUuid(id) || !(await driverExists(db, id))) throw notFound('Driver not found');
    return { status: 200, body: await complianceOf(db, id) };
  });
  return app;
}
