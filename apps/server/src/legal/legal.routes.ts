import { legalRoutes as legalContract } from '@openride/shared/legal/api';
import { Hono } from 'hono';
import type { AppEnv } from '../http/context';
import { mounter } from '../http/mount';
import { acceptLegalDocuments, getLegalStatus } from './legal-status';
import { currentLegalDocuments } from './legal.repo';
import { listLegalVersions, publishLegalDocument } from './publish-legal-document';
import type { Ports } from '../ports';

/** What these routes use (issue 28 §2): named here, not taken from the composition root's whole Services. */
type RouteDeps = Pick<Ports, 'db'>;

/** /legal (issue 15, decision 0057): the documents in force, each user's agreement, and the admins' publishing. */
export function legalRoutes(services: RouteDeps) {
  const app = new Hono<AppEnv>();
  const on = mounter(app, services, legalContract);

  on('GET /api/public/legal', async ({ c }) => {
    c.header('cache-control', 'no-cache');
    return { status: 200, body: await currentLegalDocuments(services.db) };
  });

  on('GET /api/legal/status', async ({ user }) => ({ status: 200, body: await getLegalStatus(services.db, user.id) }));
  on('POST /api/legal/accept', async ({ user, body }) => ({ status: 200, body: await acceptLegalDocuments(services.db, user.id, body) }));

  on('GET /api/admin/legal', async () => ({ status: 200, body: { versions: await listLegalVersions(services.db) } }));
  on('POST /api/admin/legal', async ({ user, body }) => ({ status: 201, body: { document: await publishLegalDocument(services.db, user.id, body) } }));

  return app;
}
