import { videoRoutes as videoContract } from '@openride/shared/video/api';
import { Hono } from 'hono';
import type { AppEnv } from '../http/context';
import { mounter } from '../http/mount';
import { getVideoFigures } from './get-video-figures';
import type { Ports } from '../ports';
import type { SurgeEngine } from '../surge/surge-engine';

/** What these routes use (issue 28 §2): named here, not taken from the composition root's whole Services. */
type RouteDeps = Pick<Ports, 'db'> & { surge: SurgeEngine };

/** /video-assets-generator (admins only): the live figures its templates show; the video is made in the browser. */
export function videoRoutes(services: RouteDeps) {
  const app = new Hono<AppEnv>();
  const on = mounter(app, services, videoContract);
  on('GET /api/admin/video-figures', async ({ query }) => ({ status: 200, body: await getVideoFigures(services, query) }));
  return app;
}
