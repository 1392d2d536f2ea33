import { accountProfileUpdateSchema } from '@openride/shared/account/schemas';
import { Hono } from 'hono';
import { clientIp } from '../http/client-ip';
import { type AppEnv, requireUser, type Services } from '../http/context';
import { accountOf, placesOf } from './account.repo';
import { changeEmail } from './change-email';
import { changePassword } from './change-password';
import { changePhone, sendPhoneChangeCode } from './change-phone';
import { addEmergencyContact, removeEmergencyContact } from './emergency-contacts';
import { removePlace, savePlace } from './saved-places';
import { updateAccountProfile } from './update-account-profile';
import { updateNotificationPrefs } from './update-notification-prefs';

/** /account-settings (issue 15, decision 0058): the caller's own account only; no path or body names another user. */
export function accountRoutes(services: Services) {
  const { db } = services;
  const app = new Hono<AppEnv>();
  const ip = (c: Parameters<typeof clientIp>[0]) => clientIp(c, services.env.TRUST_PROXY);

  app.get('/api/account', async (c) => c.json({ account: await accountOf(db, requireUser(c).id) }));

  app.patch('/api/account/profile', async (c) => {
    const user = requireUser(c);
    await updateAccountProfile(services, user.id, accountProfileUpdateSchema.parse(await c.req.json()));
    return c.json({ account: await accountOf(db, user.id) });
  });

  app.post('/api/account/phone/code', async (c) => {
    const user = requireUser(c);
    return c.json(await sendPhoneChangeCode(services, user.id, await c.req.json(), { ip: ip(c) }));
  });

  app.post('/api/account/phone', async (c) => {
    const user = requireUser(c);
    await changePhone(services, user.id, await c.req.json(), { ip: ip(c) });
    return c.json({ account: await accountOf(db, user.id) });
  });

  app.post('/api/account/email', async (c) => {
    const user = requireUser(c);
    return c.json(await changeEmail(services, user.id, await c.req.json(), c.req.raw.headers));
  });

  app.post('/api/account/password', async (c) => {
    requireUser(c);
    const headers = await changePassword(services, await c.req.json(), c.req.raw.headers);
    // The replaced session's cookie: the caller stays signed in, every other device is signed out.
    for (const cookie of headers.getSetCookie()) c.header('set-cookie', cookie, { append: true });
    return c.json({ ok: true as const });
  });

  app.get('/api/account/places', async (c) => c.json({ places: await placesOf(db, requireUser(c).id) }));
  app.put('/api/account/places/:kind', async (c) => c.json(await savePlace(services, requireUser(c).id, c.req.param(), await c.req.json())));
  app.delete('/api/account/places/:kind', async (c) => c.json(await removePlace(services, requireUser(c).id, c.req.param())));

  app.post('/api/account/emergency-contacts', async (c) => c.json(await addEmergencyContact(services, requireUser(c).id, await c.req.json()), 201));
  app.delete('/api/account/emergency-contacts/:id', async (c) => c.json(await removeEmergencyContact(services, requireUser(c).id, c.req.param())));

  app.put('/api/account/notification-preferences', async (c) => c.json(await updateNotificationPrefs(services, requireUser(c).id, await c.req.json())));

  return app;
}
