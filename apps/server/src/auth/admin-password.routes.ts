import { Hono } from 'hono';
import { clientIp } from '../http/client-ip';
import type { AppEnv, Services } from '../http/context';
import { requestAdminPasswordReset } from './request-admin-password-reset';
import { resetAdminPassword } from './reset-admin-password';

/** /reset-admin-password's two steps. Public: whoever holds the emailed link is the admin. */
export function adminPasswordRoutes(services: Services) {
  const app = new Hono<AppEnv>();

  app.post('/api/admin-password-reset', async (c) => {
    await requestAdminPasswordReset(services, await c.req.json(), { ip: clientIp(c, services.env.TRUST_PROXY) });
    return c.json({ ok: true });
  });

  app.post('/api/admin-password-reset/confirm', async (c) => {
    await resetAdminPassword(services, await c.req.json());
    return c.json({ ok: true });
  });

  return app;
}
