import { authRoutes as authContract } from '@openride/shared/auth/api';
import { Hono } from 'hono';
import { clientIp } from '../http/client-ip';
import type { AppEnv } from '../http/context';
import { mounter } from '../http/mount';
import { requestAdminPasswordReset } from './request-admin-password-reset';
import { resetAdminPassword } from './reset-admin-password';
import type { Ports } from '../ports';

/** What these routes use (issue 28 §2): named here, not taken from the composition root's whole Services. */
type RouteDeps = Pick<Ports, 'db' | 'env' | 'limiters' | 'logger' | 'messenger' | 'publicUrl'>;

/** /reset-admin-password's two steps. Public: whoever holds the emailed link is the admin. */
export function adminPasswordRoutes(services: RouteDeps) {
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
