import { adminRoutes as adminContract } from '@openride/shared/admin/api';
import { Hono } from 'hono';
import type { AppEnv } from '../http/context';
import { mounter } from '../http/mount';
import { csvResponse } from '../lib/csv';
import { pageThrough } from '../lib/keyset';
import { cancelRide } from './cancel-ride';
import { getRideForOperator } from './get-ride-for-operator';
import { listRidesForOperator, RIDES_CSV } from './list-rides-for-operator';
import { redispatchRide } from './redispatch-ride';
import type { Ports } from '../ports';
import type { DriverCache, RideDispatcher, RideLocations } from './dispatch-port';

const EXPORT_PAGE = 500;

/** What these routes use (issue 28 §2): named here, not taken from the composition root's whole Services. */
type RouteDeps = Pick<Ports, 'bus' | 'db' | 'jobs' | 'push' | 'usage'> & { dispatcher: RideDispatcher; drivers: DriverCache; locations: RideLocations };

/** /booking-management (admins only): every ride, one ride's whole story, and the operator's verbs. */
export function operatorRideRoutes(services: RouteDeps) {
  const app = new Hono<AppEnv>();
  const on = mounter(app, services, adminContract);

  on('GET /api/admin/rides', async ({ query, staff }) => {
    if (query.format === 'csv')
      return csvResponse(
        'rides',
        RIDES_CSV,
        pageThrough((cursor) => listRidesForOperator(services.db, { ...query, cursor, limit: EXPORT_PAGE }, staff.cityIds)),
      );
    return { status: 200, body: await listRidesForOperator(services.db, query, staff.cityIds) };
  });

  on('GET /api/admin/rides/:id', async ({ params }) => ({ status: 200, body: await getRideForOperator(services.db, params.id) }));

  /** The operator cancels with a reason the rider and the driver read, live. */
  on('POST /api/admin/rides/:id/cancel', async ({ user, params, body: { reason } }) => {
    await cancelRide(services, { kind: 'operator', userId: user.id }, params.id, { reason });
    return { status: 200, body: await getRideForOperator(services.db, params.id) };
  });

  /** A fresh search for a ride still looking for a driver: the operator's move, audited. */
  on('POST /api/admin/rides/:id/redispatch', async ({ user, params }) => ({ status: 200, body: { ride: await redispatchRide(services, user.id, params.id) } }));

  return app;
}
