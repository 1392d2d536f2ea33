import { deleteAccountSchema } from '@openride/shared/privacy/schemas';
import { Hono } from 'hono';
import { deleteCookie } from 'hono/cookie';
import { type AppEnv, requireUser, type Services } from '../http/context';
import { deleteAccount } from './delete-account';
import { exportFileName, exportMyData } from './export-my-data';

/** The account's privacy (decision 0059): download my data, delete my account. Always the caller's own. */
export function privacyRoutes(services: Services) {
  const app = new Hono<AppEnv>();

  app.get('/api/me/export', async (c) => {
    const user = requireUser(c);
    const now = new Date();
    const body = JSON.stringify(await exportMyData(services.db, user.id, now), null, 2);
    return c.body(body, 200, {
      'content-type': 'application/json; charset=utf-8',
      'content-disposition': `attachment; filename="${exportFileName(now)}"`,
      'cache-control': 'private, no-store',
    });
  });

  app.post('/api/me/delete', async (c) => {
    const user = requireUser(c);
    const input = deleteAccountSchema.parse(await c.req.json());
    await deleteAccount(services, user.id, input);
    // This browser is signed out at once (its session row is gone; the signed snapshot cookie goes too).
    const { authCookies } = await services.auth.$context;
    for (const cookie of [authCookies.sessionToken, authCookies.sessionData, authCookies.dontRememberToken]) {
      deleteCookie(c, cookie.name, { path: '/', secure: cookie.name.startsWith('__Secure-') });
    }
    return c.json({ deleted: true as const });
  });

  return app;
}
