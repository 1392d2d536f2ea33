import { videoRoutes as videoContract } from '@openride/shared/video/api';
import { Hono } from 'hono';
import type { AppEnv, Services } from '../http/context';
import { mounter } from '../http/mount';
import { getVideoFigures } from './get-video-figures';

/** /video-assets-generator (admins only): the live figures its templates show; the video is made in the browser. */
export function videoRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  const on = mounter(app, services, videoContract);
  on('GET /api/admin/video-figures', async ({ query }) => ({ status: 200, body: await getVideoFigures(services, query) }));
  return app;
}
