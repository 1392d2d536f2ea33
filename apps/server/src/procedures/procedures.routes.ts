import { procedureCategoryParamsSchema, procedureInputSchema } from '@openride/shared/procedures/schemas';
import { Hono } from 'hono';
import { type AppEnv, requireUser, type Services } from '../http/context';
import { requireAdmin } from '../http/require-admin';
import { getProcedure } from './get-procedure';
import { currentProcedures, procedureVersions } from './procedures.repo';
import { saveProcedureVersion } from './save-procedure-version';

/** /support-procedures (admins only, decision 0056): procedures per support category, versioned. */
export function procedureRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  app.use('/api/admin/support-procedures', requireAdmin(services));
  app.use('/api/admin/support-procedures/*', requireAdmin(services));

  app.get('/api/admin/support-procedures', async (c) => c.json({ procedures: await currentProcedures(services.db) }));

  app.get('/api/admin/support-procedures/:category', async (c) => {
    const { category } = procedureCategoryParamsSchema.parse({ category: c.req.param('category') });
    return c.json({ procedure: await getProcedure(services.db, category) });
  });

  app.get('/api/admin/support-procedures/:category/versions', async (c) => {
    const { category } = procedureCategoryParamsSchema.parse({ category: c.req.param('category') });
    return c.json({ versions: await procedureVersions(services.db, category) });
  });

  app.post('/api/admin/support-procedures/:category/versions', async (c) => {
    const { category } = procedureCategoryParamsSchema.parse({ category: c.req.param('category') });
    const input = procedureInputSchema.parse(await c.req.json());
    return c.json({ procedure: await saveProcedureVersion(services.db, requireUser(c).id, category, input) }, 201);
  });

  return app;
}
