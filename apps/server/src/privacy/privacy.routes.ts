import { privacyRoutes as privacyContract } from '@openride/shared/privacy/api';
import { Hono } from 'hono';
import { deleteCookie } from 'hono/cookie';
import type { AppEnv } from '../http/context';
import { mounter } from '../http/mount';
import { deleteAccount } from './delete-account';
import { exportFileName, exportMyData } from './export-my-data';
import type { Ports } from '../ports';
import type { Auth } from '../auth/auth';

/** What these routes use (issue 28 §2): named here, not taken from the composition root's whole Services. */
type RouteDeps = Pick<Ports, 'db' | 'logger' | 'storage'> & { auth: Auth };

/** The account's privacy (decision 0059): download my data, delete my account. Always the caller's own. */
export function privacyRoutes(services: RouteDeps) {
  const app = new Hono<AppEnv>();
  const on = mounter(app, services, privacyContract);

  on('GET /api/me/export', async ({ c, user }) => {
    const now = new Date();
    const body = JSON.stringify(await exportMyData(services.db, user.id, now), null, 2);
    return c.body(body, 200, {
      'content-type': 'application/json; charset=utf-8',
      'content-disposition': `attachment; filename="${exportFileName(now)}"`,
      'cache-control': 'private, no-store',
    });
  });

  on('POST /api/me/delete', async ({ c, user, body }) => {
    await deleteAccount(services, user.id, body);
    // This browser is signed out at once (its session row is gone; the signed snapshot cookie goes too).
    const { authCookies } = await services.auth.$context;
    for (const cookie of [authCookies.sessionToken, authCookies.sessionData, authCookies.dontRememberToken]) {
      deleteCookie(c, cookie.name, { path: '/', secure: cookie.name.startsWith('__Secure-') });
    }
    return { status: 200, body: { deleted: true as const } };
  });

  return app;
}
