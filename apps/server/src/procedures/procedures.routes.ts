import { procedureRoutes as procedureContract } from '@openride/shared/procedures/api';
import { Hono } from 'hono';
import type { AppEnv, Services } from '../http/context';
import { mounter } from '../http/mount';
import { getProcedure } from './get-procedure';
import { currentProcedures, procedureVersions } from './procedures.repo';
import { saveProcedureVersion } from './save-procedure-version';

/** /support-procedures (admins only, decision 0056): procedures per support category, versioned. */
export function procedureRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  const on = mounter(app, services, procedureContract);

  on('GET /api/admin/support-procedures', async () => ({ status: 200, body: { procedures: await currentProcedures(services.db) } }));

  on('GET /api/admin/support-procedures/:category', async ({ params }) => ({
    status: 200,
    body: { procedure: await getProcedure(services.db, params.category) },
  }));

  on('GET /api/admin/support-procedures/:category/versions', async ({ params }) => ({
    status: 200,
    body: { versions: await procedureVersions(services.db, params.category) },
  }));

  on('POST /api/admin/support-procedures/:category/versions', async ({ user, params, body }) => ({
    status: 201,
    body: { procedure: await saveProcedureVersion(services.db, user.id, params.category, body) },
  }));

  return app;
}
