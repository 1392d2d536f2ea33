import { Hono } from 'hono';
import { requireAdmin } from '../http/require-admin';
import type { AppEnv, Services } from '../http/context';
import { getMarketplaceAnalytics } from './get-marketplace-analytics';

/** /analytics (admins only). */
export function analyticsRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  app.use('/api/admin/analytics', requireAdmin(services));
  app.get('/api/admin/analytics', async (c) => c.json(await getMarketplaceAnalytics(services, c.req.query())));
  return app;
}
