import { adminReasonSchema, auditLogQuerySchema } from '@openride/shared/admin/audit';
import { adminDriversQuerySchema } from '@openride/shared/admin/drivers';
import { adminUsersQuerySchema } from '@openride/shared/admin/users';
import { driverVerificationSchema } from '@openride/shared/drivers/schemas';
import { Hono } from 'hono';
import { z } from 'zod';
import { AUDIT_CSV, listAuditLog } from '../audit/list-audit-log';
import { DRIVERS_CSV, listDriversForReview } from '../drivers/list-drivers-for-review';
import { getDriverForOperator } from '../drivers/get-driver-for-operator';
import { reviewDriver } from '../drivers/review-driver';
import { setDriverSuspended } from '../drivers/set-driver-suspended';
import { type AppEnv, requireUser, type Services } from '../http/context';
import { requireAdmin } from '../http/require-admin';
import { csvResponse } from '../lib/csv';
import { notFound } from '../lib/errors';
import { pageThrough } from '../lib/keyset';
import { listUsers, USERS_CSV } from './list-users';

/** An export reads the filtered rows in pages this big (a JSON page is capped at LIST_LIMIT_MAX). */
const EXPORT_PAGE = 500;

export function adminRoutes(services: Services) {
  const { db } = services;
  const app = new Hono<AppEnv>();
  app.use('/api/admin/*', requireAdmin(services));

  app.get('/api/admin/path', (c) => c.json({ path: services.adminPath }));

  app.get('/api/admin/users', async (c) => {
    const query = adminUsersQuerySchema.parse(c.req.query());
    if (query.format === 'csv') return csvResponse('users', USERS_CSV, pageThrough((cursor) => listUsers(db, { ...query, cursor, limit: EXPORT_PAGE })));
    return c.json(await listUsers(db, query));
  });

  /** Driver applications to review, newest first; ?status=pending|approved|rejected|all and the list kit's query. */
  app.get('/api/admin/drivers', async (c) => {
    const query = adminDriversQuerySchema.parse(c.req.query());
    if (query.format === 'csv') return csvResponse('drivers', DRIVERS_CSV, pageThrough((cursor) => listDriversForReview(services, { ...query, cursor, limit: EXPORT_PAGE })));
    return c.json(await listDriversForReview(services, query));
  });

  /** Every change an admin made, newest first; ?actor_id= and ?action= filter. */
  app.get('/api/admin/audit-log', async (c) => {
    const query = auditLogQuerySchema.parse(c.req.query());
    if (query.format === 'csv') return csvResponse('audit-log', AUDIT_CSV, pageThrough((cursor) => listAuditLog(db, { ...query, cursor, limit: EXPORT_PAGE })));
    return c.json(await listAuditLog(db, query));
  });

  /** /driver/{id}: the driver as the operator sees them. */
  app.get('/api/admin/drivers/:id', async (c) => {
    const id = z.uuid().safeParse(c.req.param('id'));
    if (!id.success) throw notFound('Driver not found');
    return c.json(await getDriverForOperator(services, id.data));
  });

  /** Suspend (offline at once, cannot go online) or reinstate a driver, with a reason. */
  app.post('/api/admin/drivers/:id/suspend', async (c) => {
    const id = z.uuid().safeParse(c.req.param('id'));
    if (!id.success) throw notFound('Driver not found');
    const { reason } = adminReasonSchema.parse(await c.req.json());
    return c.json({ driver: await setDriverSuspended(services, requireUser(c).id, id.data, { suspended: true, reason }) });
  });
  app.post('/api/admin/drivers/:id/reinstate', async (c) => {
    const id = z.uuid().safeParse(c.req.param('id'));
    if (!id.success) throw notFound('Driver not found');
    const { reason } = adminReasonSchema.parse(await c.req.json());
    return c.json({ driver: await setDriverSuspended(services, requireUser(c).id, id.data, { suspended: false, reason }) });
  });

  app.post('/api/admin/drivers/:id/verification', async (c) => {
    const admin = requireUser(c);
    const id = z.uuid().safeParse(c.req.param('id'));
    if (!id.success) throw notFound('Driver not found');
    const input = driverVerificationSchema.parse(await c.req.json());
    return c.json({ driver: await reviewDriver(services, admin.id, id.data, input) });
  });

  return app;
}
