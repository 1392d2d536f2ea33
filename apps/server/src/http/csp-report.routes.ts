import { cspReportSchema } from '@openride/shared/system/views';
import { Hono } from 'hono';
import type { AppEnv, Services } from './context';
import { CSP_REPORT_PATH } from './csp';

/**
 * Where the browser reports what the Content-Security-Policy blocked, in development (the policy names it
 * only there; mounted outside production). A report changes nothing: it is logged as a warning so that a
 * developer sees what a new script, image or connection needs (decision 0025).
 */
export function cspReportRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  app.post(CSP_REPORT_PATH, async (c) => {
    const report = cspReportSchema.parse(JSON.parse(await c.req.text()));
    const body = 'csp-report' in report ? report['csp-report'] : report;
    services.logger.warn({ csp: body }, 'Content-Security-Policy violation');
    return c.body(null, 204);
  });
  return app;
}
