import { analyticsRoutes as analyticsContract, fleetRoutes as fleetContract } from '@openride/shared/analytics/api';
import { Hono } from 'hono';
import type { AppEnv } from '../http/context';
import { mounter } from '../http/mount';
import { getDriverDashboard } from './get-driver-dashboard';
import { getDriverHeatmap } from './get-driver-heatmap';
import { getMarketplaceAnalytics } from './get-marketplace-analytics';
import type { Ports } from '../ports';
import type { GeoIndex } from '../geo/geo-index';

/** What these routes use (issue 28 §2): named here, not taken from the composition root's whole Services. */
type RouteDeps = Pick<Ports, 'db'> & { geo: GeoIndex };

/** /analytics, /driver-admin-dashboard and /driver-heatmap (admins only). */
export function analyticsRoutes(services: RouteDeps) {
  const app = new Hono<AppEnv>();
  const fleet = mounter(app, services, fleetContract);
  mounter(
    app,
    services,
    analyticsContract,
  )('GET /api/admin/analytics', async ({ query, staff }) => ({ status: 200, body: await getMarketplaceAnalytics(services, query, staff.cityIds) }));
  fleet('GET /api/admin/driver-dashboard', async ({ query, staff }) => ({ status: 200, body: await getDriverDashboard(services, query, staff.cityIds) }));
  fleet('GET /api/admin/driver-heatmap', async ({ query, staff }) => ({ status: 200, body: await getDriverHeatmap(services, query, staff.cityIds) }));
  return app;
}
