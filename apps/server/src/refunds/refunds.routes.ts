import { refundRoutes as refundContract } from '@openride/shared/refunds/api';
import { Hono } from 'hono';
import type { AppEnv } from '../http/context';
import { mounter } from '../http/mount';
import { csvResponse } from '../lib/csv';
import { pageThrough } from '../lib/keyset';
import { decideRefund } from './decide-refund';
import { getRefundDetail } from './get-refund-request';
import { proposeRefund } from './propose-refund';
import { listRefundRequests, REFUND_REQUESTS_CSV } from './list-refund-requests';
import { requestRefund } from './request-refund';
import type { Ports } from '../ports';

const EXPORT_PAGE = 500;

/** What these routes use (issue 28 §2): named here, not taken from the composition root's whole Services. */
type RouteDeps = Pick<Ports, 'bus' | 'db' | 'jobs' | 'push'>;

/** Refund requests (decision 0039): the rider's report on a receipt, and /refund-management (admins only). */
export function refundRoutes(services: RouteDeps) {
  const app = new Hono<AppEnv>();
  const on = mounter(app, services, refundContract);

  on('POST /api/rides/:id/refund-requests', async ({ user, params, body }) => ({
    status: 201,
    body: { request: await requestRefund(services, user.id, params.id, body) },
  }));

  on('GET /api/admin/refund-requests', async ({ query, staff }) => {
    if (query.format === 'csv')
      return csvResponse(
        'refund-requests',
        REFUND_REQUESTS_CSV,
        pageThrough((cursor) => listRefundRequests(services.db, { ...query, cursor, limit: EXPORT_PAGE }, staff.cityIds)),
      );
    return { status: 200, body: await listRefundRequests(services.db, query, staff.cityIds) };
  });

  on('GET /api/admin/refund-requests/:id', async ({ params }) => ({ status: 200, body: await getRefundDetail(services.db, params.id) }));

  on('POST /api/admin/refund-requests/:id/proposal', async ({ user, params, body }) => ({
    status: 200,
    body: await proposeRefund(services.db, user.id, params.id, body),
  }));

  on('POST /api/admin/refund-requests/:id/decision', async ({ user, params, body }) => ({
    status: 200,
    body: await decideRefund(services, user.id, params.id, body),
  }));

  return app;
}
