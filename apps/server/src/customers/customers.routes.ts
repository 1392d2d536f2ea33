import { adminRoutes as adminContract } from '@openride/shared/admin/api';
import { Hono } from 'hono';
import type { AppEnv } from '../http/context';
import { mounter } from '../http/mount';
import { csvResponse } from '../lib/csv';
import { pageThrough } from '../lib/keyset';
import { getCustomerForOperator } from './get-customer-for-operator';
import { CUSTOMERS_CSV, listCustomers } from './list-customers';
import { setRiderBlocked } from './set-rider-blocked';
import type { Ports } from '../ports';

const EXPORT_PAGE = 500;

/** What these routes use (issue 28 §2): named here, not taken from the composition root's whole Services. */
type RouteDeps = Pick<Ports, 'bus' | 'db'>;

/** /customer-management (admins only): the riders, and the block on an account. */
export function customerRoutes(services: RouteDeps) {
  const app = new Hono<AppEnv>();
  const on = mounter(app, services, adminContract);

  on('GET /api/admin/customers', async ({ query }) => {
    if (query.format === 'csv')
      return csvResponse(
        'customers',
        CUSTOMERS_CSV,
        pageThrough((cursor) => listCustomers(services.db, { ...query, cursor, limit: EXPORT_PAGE })),
      );
    return { status: 200, body: await listCustomers(services.db, query) };
  });

  on('GET /api/admin/customers/:id', async ({ params }) => ({ status: 200, body: await getCustomerForOperator(services, params.id) }));

  on('POST /api/admin/riders/:id/block', async ({ user, params, body }) => ({
    status: 200,
    body: { rider: await setRiderBlocked(services, user.id, params.id, { blocked: true, reason: body.reason }) },
  }));

  on('POST /api/admin/riders/:id/unblock', async ({ user, params, body }) => ({
    status: 200,
    body: { rider: await setRiderBlocked(services, user.id, params.id, { blocked: false, reason: body.reason }) },
  }));

  return app;
}
