import { refundDecisionSchema, refundRequestInputSchema, refundRequestsQuerySchema } from '@openride/shared/refunds/schemas';
import { Hono } from 'hono';
import { type AppEnv, requireUser, type Services } from '../http/context';
import { requireAdmin } from '../http/require-admin';
import { csvResponse } from '../lib/csv';
import { pageThrough } from '../lib/keyset';
import { decideRefund } from './decide-refund';
import { getRefundDetail } from './get-refund-request';
import { listRefundRequests, REFUND_REQUESTS_CSV } from './list-refund-requests';
import { requestRefund } from './request-refund';

const EXPORT_PAGE = 500;

/** Refund requests (decision 0039): the rider's report on a receipt, and /refund-management (admins only). */
export function refundRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  app.use('/api/admin/refund-requests', requireAdmin(services));
  app.use('/api/admin/refund-requests/*', requireAdmin(services));

  app.post('/api/rides/:id/refund-requests', async (c) => {
    const user = requireUser(c);
    const input = refundRequestInputSchema.parse(await c.req.json());
    return c.json({ request: await requestRefund(services, user.id, c.req.param('id'), input) }, 201);
  });

  app.get('/api/admin/refund-requests', async (c) => {
    const query = refundRequestsQuerySchema.parse(c.req.query());
    if (query.format === 'csv') return csvResponse('refund-requests', REFUND_REQUESTS_CSV, pageThrough((cursor) => listRefundRequests(services.db, { ...query, cursor, limit: EXPORT_PAGE })));
    return c.json(await listRefundRequests(services.db, query));
  });

  app.get('/api/admin/refund-requests/:id', async (c) => c.json(await getRefundDetail(services.db, c.req.param('id'))));

  app.post('/api/admin/refund-requests/:id/decision', async (c) => {
    const decision = refundDecisionSchema.parse(await c.req.json());
    return c.json(await decideRefund(services, requireUser(c).id, c.req.param('id'), decision));
  });

  return app;
}
