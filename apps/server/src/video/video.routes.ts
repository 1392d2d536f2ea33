import { Hono } from 'hono';
import type { AppEnv, Services } from '../http/context';
import { requireAdmin } from '../http/require-admin';
import { getVideoFigures } from './get-video-figures';

/** /video-assets-generator (admins only): the live figures its templates show; the video is made in the browser. */
export function videoRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  app.use('/api/admin/video-figures', requireAdmin(services));
  app.get('/api/admin/video-figures', async (c) => c.json(await getVideoFigures(services, c.req.query())));
  return app;
}
