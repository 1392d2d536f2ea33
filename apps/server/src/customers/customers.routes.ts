import { adminReasonSchema } from '@openride/shared/admin/audit';
import { customersQuerySchema } from '@openride/shared/customers/schemas';
import { Hono } from 'hono';
import { type AppEnv, requireUser, type Services } from '../http/context';
import { requireAdmin } from '../http/require-admin';
import { csvResponse } from '../lib/csv';
import { pageThrough } from '../lib/keyset';
import { getCustomerForOperator } from './get-customer-for-operator';
import { CUSTOMERS_CSV, listCustomers } from './list-customers';
import { setRiderBlocked } from './set-rider-blocked';

const EXPORT_PAGE = 500;

/** /customer-management (admins only): the riders, and the block on an account. */
export function customerRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  app.use('/api/admin/customers', requireAdmin(services));
  app.use('/api/admin/customers/*', requireAdmin(services));
  app.use('/api/admin/riders/*', requireAdmin(services));

  app.get('/api/admin/customers', async (c) => {
    const query = customersQuerySchema.parse(c.req.query());
    if (query.format === 'csv') return csvResponse('customers', CUSTOMERS_CSV, pageThrough((cursor) => listCustomers(services.db, { ...query, cursor, limit: EXPORT_PAGE })));
    return c.json(await listCustomers(services.db, query));
  });

  app.get('/api/admin/customers/:id', async (c) => c.json(await getCustomerForOperator(services, c.req.param('id'))));

  app.post('/api/admin/riders/:id/block', async (c) => {
    const { reason } = adminReasonSchema.parse(await c.req.json());
    return c.json({ rider: await setRiderBlocked(services, requireUser(c).id, c.req.param('id'), { blocked: true, reason }) });
  });

  app.post('/api/admin/riders/:id/unblock', async (c) => {
    const { reason } = adminReasonSchema.parse(await c.req.json());
    return c.json({ rider: await setRiderBlocked(services, requireUser(c).id, c.req.param('id'), { blocked: false, reason }) });
  });

  return app;
}
