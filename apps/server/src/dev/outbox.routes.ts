import { Hono } from 'hono';
import type { AppEnv, Services } from '../http/context';
import { requireLocalOrAdmin } from './outbox-access';
import { listOutbox } from './outbox.repo';

/**
 * The dev mail/SMS catcher (like Supabase's local Inbucket). Not mounted at all in production; elsewhere only
 * for this machine and administrators.
 */
export function devOutboxRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  app.get('/api/dev/outbox', requireLocalOrAdmin(services), async (c) => c.json(await listOutbox(services.db)));
  return app;
}
