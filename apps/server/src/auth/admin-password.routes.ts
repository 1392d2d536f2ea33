import { authRoutes as authContract } from '@openride/shared/auth/api';
import { Hono } from 'hono';
import { clientIp } from '../http/client-ip';
import type { AppEnv, Services } from '../http/context';
import { mounter } from '../http/mount';
import { requestAdminPasswordReset } from './request-admin-password-reset';
import { resetAdminPassword } from './reset-admin-password';

/** /reset-admin-password's two steps. Public: whoever holds the emailed link is the admin. */
export function adminPasswordRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  const on = mounter(app, services, authContract);

  on('POST /api/admin-password-reset', async ({ c, body }) => {
    await requestAdminPasswordReset(services, body, { ip: clientIp(c, services.env.TRUST_PROXY) });
    return { status: 200, body: { ok: true as const } };
  });

  on('POST /api/admin-password-reset/confirm', async ({ body }) => {
    await resetAdminPassword(services, body);
    return { status: 200, body: { ok: true as const } };
  });

  return app;
}
