import { Hono } from 'hono';
import { requireAdmin } from '../http/require-admin';
import type { AppEnv, Services } from '../http/context';
import { getDriverDashboard } from './get-driver-dashboard';
import { getDriverHeatmap } from './get-driver-heatmap';
import { getMarketplaceAnalytics } from './get-marketplace-analytics';

/** /analytics, /driver-admin-dashboard and /driver-heatmap (admins only). */
export function analyticsRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  for (const path of ['/api/admin/analytics', '/api/admin/driver-dashboard', '/api/admin/driver-heatmap']) app.use(path, requireAdmin(services));
  app.get('/api/admin/analytics', async (c) => c.json(await getMarketplaceAnalytics(services, c.req.query())));
  app.get('/api/admin/driver-dashboard', async (c) => c.json(await getDriverDashboard(services, c.req.query())));
  app.get('/api/admin/driver-heatmap', async (c) => c.json(await getDriverHeatmap(services, c.req.query())));
  return app;
}
