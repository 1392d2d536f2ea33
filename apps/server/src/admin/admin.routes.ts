import { adminRoutes as adminContract } from '@openride/shared/admin/api';
import { Hono } from 'hono';
import { z } from 'zod';
import { AUDIT_CSV, listAuditLog } from '../audit/list-audit-log';
import { DRIVERS_CSV, listDriversForReview } from '../drivers/list-drivers-for-review';
import { getDriverForOperator } from '../drivers/get-driver-for-operator';
import { reviewDriver } from '../drivers/review-driver';
import { setDriverSuspended } from '../drivers/set-driver-suspended';
import type { AppEnv } from '../http/context';
import { mounter } from '../http/mount';
import { csvResponse } from '../lib/csv';
import { notFound } from '../lib/errors';
import { pageThrough } from '../lib/keyset';
import { listUsers, USERS_CSV } from './list-users';
import type { Ports } from '../ports';
import type { Dispatcher } from '../dispatch/dispatcher';
import type { DriverDirectory } from '../dispatch/driver-directory';
import type { GeoIndex } from '../geo/geo-index';

/** An export reads the filtered rows in pages this big (a JSON page is capped at LIST_LIMIT_MAX). */
const EXPORT_PAGE = 500;

/** A driver id from the path; anything that is not a uuid cannot name a driver. */
const driverIdOf = (id: string) => {
  const parsed = z.uuid().safeParse(id);
  if (!parsed.success) throw notFound('Driver not found');
  return parsed.data;
};

/** What these routes use (issue 28 §2): named here, not taken from the composition root's whole Services. */
type RouteDeps = Pick<Ports, 'bus' | 'db' | 'push'> & { adminPath: string; dispatcher: Dispatcher; drivers: DriverDirectory; geo: GeoIndex };

export function adminRoutes(services: RouteDeps) {
  const { db } = services;
  const app = new Hono<AppEnv>();
  const on = mounter(app, services, adminContract);

  on('GET /api/admin/path', () => ({ status: 200, body: { path: services.adminPath } }));

  on('GET /api/admin/users', async ({ query }) => {
    if (query.format === 'csv')
      return csvResponse(
        'users',
        USERS_CSV,
        pageThrough((cursor) => listUsers(db, { ...query, cursor, limit: EXPORT_PAGE })),
      );
    return { status: 200, body: await listUsers(db, query) };
  });

  /** Driver applications to review, newest first; ?status=pending|approved|rejected|all and the list kit's query. */
  on('GET /api/admin/drivers', async ({ query, staff }) => {
    if (query.format === 'csv')
      return csvResponse(
        'drivers',
        DRIVERS_CSV,
        pageThrough((cursor) => listDriversForReview(services, { ...query, cursor, limit: EXPORT_PAGE }, staff.cityIds)),
      );
    return { status: 200, body: await listDriversForReview(services, query, staff.cityIds) };
  });

  /** Every change an admin made, newest first; ?actor_id=, ?action= and ?city= filter; kept to the member's cities (decision 0091). */
  on('GET /api/admin/audit-log', async ({ query, staff }) => {
    if (query.format === 'csv')
      return csvResponse(
        'audit-log',
        AUDIT_CSV,
        pageThrough((cursor) => listAuditLog(db, { ...query, cursor, limit: EXPORT_PAGE }, staff.cityIds)),
      );
    return { status: 200, body: await listAuditLog(db, query, staff.cityIds) };
  });

  /** /driver/{id}: the driver as the operator sees them. */
  on('GET /api/admin/drivers/:id', async ({ params }) => ({ status: 200, body: await getDriverForOperator(services, driverIdOf(params.id)) }));

  /** Suspend (offline at once, cannot go online) or reinstate a driver, with a reason. */
  on('POST /api/admin/drivers/:id/suspend', async ({ user, params, body: { reason } }) => ({
    status: 200,
    body: { driver: await setDriverSuspended(services, user.id, driverIdOf(params.id), { suspended: true, reason }) },
  }));
  on('POST /api/admin/drivers/:id/reinstate', async ({ user, params, body: { reason } }) => ({
    status: 200,
    body: { driver: await setDriverSuspended(services, user.id, driverIdOf(params.id), { suspended: false, reason }) },
  }));

  on('POST /api/admin/drivers/:id/verification', async ({ user, params, body }) => ({
    status: 200,
    body: { driver: await reviewDriver(services, user.id, driverIdOf(params.id), body) },
  }));

  return app;
}
