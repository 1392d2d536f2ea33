import { systemRoutes as systemContract } from '@openride/shared/system/api';
import { Hono } from 'hono';
import type { AppEnv } from './context';
import type { Ports } from '../ports';
import { mounter } from './mount';

/**
 * Where the browser reports what the Content-Security-Policy blocked, in development (the policy names it
 * only there; mounted outside production). A report changes nothing: it is logged as a warning so that a
 * developer sees what a new script, image or connection needs (decision 0025).
 */
export function cspReportRoutes(services: Pick<Ports, 'db' | 'logger'>) {
  const app = new Hono<AppEnv>();
  const on = mounter(app, services, systemContract);
  // CSP_REPORT_PATH (csp.ts, the policy's `report-uri`) is this entry's path.
  on('POST /api/csp-report', async ({ body: report }) => {
    const body = 'csp-report' in report ? report['csp-report'] : report;
    services.logger.warn({ csp: body }, 'Content-Security-Policy violation');
    return { status: 204 };
  });
  return app;
}
