import { adminReasonSchema } from '@openride/shared/admin/audit';
import { adminRidesQuerySchema } from '@openride/shared/rides/operator';
import { Hono } from 'hono';
import { type AppEnv, requireUser, type Services } from '../http/context';
import { requireAdmin } from '../http/require-admin';
import { csvResponse } from '../lib/csv';
import { pageThrough } from '../lib/keyset';
import { cancelRide } from './cancel-ride';
import { getRideForOperator } from './get-ride-for-operator';
import { listRidesForOperator, RIDES_CSV } from './list-rides-for-operator';
import { redispatchRide } from './redispatch-ride';

const EXPORT_PAGE = 500;

/** /booking-management (admins only): every ride, one ride's whole story, and the operator's verbs. */
export function operatorRideRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  app.use('/api/admin/rides', requireAdmin(services));
  app.use('/api/admin/rides/*', requireAdmin(services));

  app.get('/api/admin/rides', async (c) => {
    const query = adminRidesQuerySchema.parse(c.req.query());
    if (query.format === 'csv') return csvResponse('rides', RIDES_CSV, pageThrough((cursor) => listRidesForOperator(services.db, { ...query, cursor, limit: EXPORT_PAGE })));
    return c.json(await listRidesForOperator(services.db, query));
  });

  app.get('/api/admin/rides/:id', async (c) => c.json(await getRideForOperator(services.db, c.req.param('id'))));

  /** The operator cancels with a reason the rider and the driver read, live. */
  app.post('/api/admin/rides/:id/cancel', async (c) => {
    const { reason } = adminReasonSchema.parse(await c.req.json());
    await cancelRide(services, { kind: 'operator', userId: requireUser(c).id }, c.req.param('id'), { reason });
    return c.json(await getRideForOperator(services.db, c.req.param('id')));
  });

  app.post('/api/admin/rides/:id/redispatch', async (c) => c.json({ ride: await redispatchRide(services, c.req.param('id')) }));

  return app;
}
