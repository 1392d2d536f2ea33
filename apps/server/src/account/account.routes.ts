import { accountRoutes as accountContract } from '@openride/shared/account/api';
import { Hono } from 'hono';
import { clientIp } from '../http/client-ip';
import type { AppEnv } from '../http/context';
import { mounter } from '../http/mount';
import { accountOf, placesOf } from './account.repo';
import { changeEmail } from './change-email';
import { changePassword } from './change-password';
import { changePhone, sendPhoneChangeCode } from './change-phone';
import { addEmergencyContact, removeEmergencyContact } from './emergency-contacts';
import { removePlace, savePlace } from './saved-places';
import { updateAccountProfile } from './update-account-profile';
import { updateNotificationPrefs } from './update-notification-prefs';
import type { Ports } from '../ports';
import type { Auth } from '../auth/auth';

/** What these routes use (issue 28 §2): named here, not taken from the composition root's whole Services. */
type RouteDeps = Pick<Ports, 'bus' | 'db' | 'env' | 'limiters' | 'logger' | 'messenger' | 'otpKey'> & { auth: Auth };

/** /account-settings (issue 15, decision 0058): the caller's own account only; no path or body names another user. */
export function accountRoutes(services: RouteDeps) {
  const { db } = services;
  const app = new Hono<AppEnv>();
  const on = mounter(app, services, accountContract);
  const ip = (c: Parameters<typeof clientIp>[0]) => clientIp(c, services.env.TRUST_PROXY);

  on('GET /api/account', async ({ user }) => ({ status: 200, body: { account: await accountOf(db, user.id) } }));

  on('PATCH /api/account/profile', async ({ user, body }) => {
    await updateAccountProfile(services, user.id, body);
    return { status: 200, body: { account: await accountOf(db, user.id) } };
  });

  on('POST /api/account/phone/code', async ({ c, user, body }) => ({ status: 200, body: await sendPhoneChangeCode(services, user.id, body, { ip: ip(c) }) }));

  on('POST /api/account/phone', async ({ c, user, body }) => {
    await changePhone(services, user.id, body, { ip: ip(c) });
    return { status: 200, body: { account: await accountOf(db, user.id) } };
  });

  on('POST /api/account/email', async ({ c, user, body }) => ({ status: 200, body: await changeEmail(services, user.id, body, c.req.raw.headers) }));

  on('POST /api/account/password', async ({ c, body }) => {
    const headers = await changePassword(services, body, c.req.raw.headers);
    // The replaced session's cookie: the caller stays signed in, every other device is signed out.
    for (const cookie of headers.getSetCookie()) c.header('set-cookie', cookie, { append: true });
    return { status: 200, body: { ok: true as const } };
  });

  on('GET /api/account/places', async ({ user }) => ({ status: 200, body: { places: await placesOf(db, user.id) } }));
  on('PUT /api/account/places/:kind', async ({ user, params, body }) => ({ status: 200, body: await savePlace(services, user.id, params, body) }));
  on('DELETE /api/account/places/:kind', async ({ user, params }) => ({ status: 200, body: await removePlace(services, user.id, params) }));

  on('POST /api/account/emergency-contacts', async ({ user, body }) => ({ status: 201, body: await addEmergencyContact(services, user.id, body) }));
  on('DELETE /api/account/emergency-contacts/:id', async ({ user, params }) => ({
    status: 200,
    body: await removeEmergencyContact(services, user.id, params),
  }));

  on('PUT /api/account/notification-preferences', async ({ user, body }) => ({ status: 200, body: await updateNotificationPrefs(services, user.id, body) }));

  return app;
}
