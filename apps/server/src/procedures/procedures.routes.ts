import { procedureRoutes as procedureContract } from '@openride/shared/procedures/api';
import { Hono } from 'hono';
import type { AppEnv } from '../http/context';
import { mounter } from '../http/mount';
import { getProcedure } from './get-procedure';
import { currentProcedures, procedureVersions } from './procedures.repo';
import { saveProcedureVersion } from './save-procedure-version';
import type { Ports } from '../ports';

/** What these routes use (issue 28 §2): named here, not taken from the composition root's whole Services. */
type RouteDeps = Pick<Ports, 'db'>;

/** /support-procedures (admins only, decision 0056): procedures per support category, versioned. */
export function procedureRoutes(services: RouteDeps) {
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
