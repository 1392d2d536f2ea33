import { Hono } from 'hono';
import type { AppEnv, Services } from '../http/context';

/** The dev mail/SMS catcher (like Supabase's local Inbucket). Not mounted at all in production. */
export function devOutboxRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  app.get('/api/dev/outbox', async (c) => {
    const rows = await services.db
      .selectFrom('dev_outbox')
      .select(['channel', 'to', 'subject', 'body', 'created_at'])
      .orderBy('id', 'desc')
      .limit(200)
      .execute();
    return c.json(rows.map(({ created_at, ...rest }) => ({ ...rest, createdAt: created_at })));
  });
  return app;
}
