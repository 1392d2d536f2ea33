import { acceptLegalSchema, publishLegalSchema } from '@openride/shared/legal/schemas';
import { Hono } from 'hono';
import { type AppEnv, requireUser, type Services } from '../http/context';
import { requireAdmin } from '../http/require-admin';
import { acceptLegalDocuments, getLegalStatus } from './legal-status';
import { currentLegalDocuments } from './legal.repo';
import { listLegalVersions, publishLegalDocument } from './publish-legal-document';

/** /legal (issue 15, decision 0057): the documents in force, each user's agreement, and the admins' publishing. */
export function legalRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  app.use('/api/admin/legal', requireAdmin(services));

  app.get('/api/public/legal', async (c) => {
    c.header('cache-control', 'no-cache');
    return c.json(await currentLegalDocuments(services.db));
  });

  app.get('/api/legal/status', async (c) => c.json(await getLegalStatus(services.db, requireUser(c).id)));

  app.post('/api/legal/accept', async (c) => {
    const user = requireUser(c);
    const input = acceptLegalSchema.parse(await c.req.json());
    return c.json(await acceptLegalDocuments(services.db, user.id, input));
  });

  app.get('/api/admin/legal', async (c) => c.json({ versions: await listLegalVersions(services.db) }));

  app.post('/api/admin/legal', async (c) => {
    const input = publishLegalSchema.parse(await c.req.json());
    return c.json({ document: await publishLegalDocument(services.db, requireUser(c).id, input) }, 201);
  });

  return app;
}
