import { devRoutes as devContract } from '@openride/shared/dev/api';
import { Hono } from 'hono';
import type { AppEnv } from '../http/context';
import { mounter } from '../http/mount';
import { requireLocalOrAdmin } from './outbox-access';
import { listOutbox } from './outbox.repo';
import type { Ports } from '../ports';

/** What these routes use (issue 28 §2): named here, not taken from the composition root's whole Services. */
type RouteDeps = Pick<Ports, 'db' | 'env'>;

/**
 * The dev mail/SMS catcher (like Supabase's local Inbucket). Not mounted at all in production; elsewhere only
 * for this machine and administrators.
 */
export function devOutboxRoutes(services: RouteDeps) {
  const app = new Hono<AppEnv>();
  const on = mounter(app, services, devContract);
  // The contract's auth is `public`: who may read it is this guard's (loopback or an administrator).
  app.use('/api/dev/outbox', requireLocalOrAdmin(services));
  on('GET /api/dev/outbox', async () => ({ status: 200, body: await listOutbox(services.db) }));
  return app;
}
