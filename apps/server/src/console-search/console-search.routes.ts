import { consoleSearchRoutes as consoleSearchContract } from '@openride/shared/admin/search-api';
import { Hono } from 'hono';
import type { AppEnv } from '../http/context';
import { mounter } from '../http/mount';
import type { Ports } from '../ports';
import { searchConsole } from './search-console';

/** What these routes use (issue 28 §2). */
type RouteDeps = Pick<Ports, 'db'>;

/** The console's search box (issue 29 §1): records by kind, as far as the staff member's role and cities go. */
export function consoleSearchRoutes(services: RouteDeps) {
  const app = new Hono<AppEnv>();
  const on = mounter(app, services, consoleSearchContract);
  on('GET /api/admin/search', async ({ staff, query }) => ({ status: 200, body: await searchConsole(services.db, staff, query.q) }));
  return app;
}
