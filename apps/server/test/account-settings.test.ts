import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './http-client';
import { recordingPushSender } from './recording-push-sender';
import { uploadPng } from './upload-png';
import { GOOD_PASSWORD, signIn, signUp, startTestServer, type TestServer, uniqueEmail, uniquePhone, uniqueSpanishPhone } from './test-server';

let server: TestServer;
const push = recordingPushSender();
beforeAll(async () => {
  server = await startTestServer({}, { pushSender: push.sender });
});
afterAll(() => server?.stop());

type Message = { channel: string; to: string; subject: string; body: string };
const outbox = async (client: TestClient) => (await client.get('/api/dev/outbox')).body as Message[];
const smsTo = async (client: TestClient, digits: string) =>
  (await outbox(client)).filter((m) => m.channel === 'sms' && m.to === (digits.startsWith('+') ? digits : `+1${digits}`));
async function codeFor(client: TestClient, digits: string) {
  const [sms] = await smsTo(client, digits);
  expect(sms, `an SMS to ${digits}`).toBeDefined();
  return /\b(\d{6})\b/.exec(sms!.body)![1]!;
}
const formatted = (d: string) => `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
/** How phones are stored and answered (decision 0094). */
const e164 = (d: string) => `+1${d}`;

async function newUser(opts: { phone?: string; email?: string } = {}) {
  const client = server.client();
  const phone = opts.phone ?? uniquePhone();
  const { email } = await signUp(client, { phone, email: opts.email });
  const id = (await client.get('/api/me')).body.user.id as string;
  return { client, id, phone, email };
}
const accountOf = async (client: TestClient) => (await client.get('/api/account')).body.account;

describe('the account page, as a whole', () => {
  it("answers the caller's own settings, and 401 to a visitor on every route", async () => {
    const { client, email, phone } = await newUser();
    const res = await client.get('/api/account');
    expect(res.status).toBe(200);
    expect(res.body.account).toMatchObject({ email, phone: e164(phone), phone_verified: false, places: [], emergency_contacts: [], avatar_file_id: null });
    expect(res.body.account.notification_preferences.safety).toEqual({ push: true, email: true, sms: true });

    const visitor = server.client();
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/account'],
      ['PATCH', '/api/account/profile', { full_name: 'X' }],
      ['POST', '/api/account/phone/code', { phone: uniquePhone() }],
      ['POST', '/api/account/phone', { phone: uniquePhone(), code: '123456' }],
      ['POST', '/api/account/email', { email: uniqueEmail() }],
      ['POST', '/api/account/password', { current_password: GOOD_PASSWORD, new_password: 'Another4Ride-Zq' }],
      ['GET', '/api/account/places'],
      ['PUT', '/api/account/places/home', { label: 'Home', address_label: 'Ferry Building', lat: 37.79, lng: -122.39 }],
      ['DELETE', '/api/account/places/home'],
      ['POST', '/api/account/emergency-contacts', { name: 'Sam', phone: uniquePhone() }],
      ['DELETE', `/api/account/emergency-contacts/${crypto.randomUUID()}`],
      ['PUT', '/api/account/notification-preferences', { changes: [{ kind: 'rides', channel: 'push', enabled: false }] }],
    ];
    for (const [method, path, json] of calls) {
      const answer = await visitor.request(path, { method, json, headers: json === undefined ? { 'content-type': 'application/json' } : {} });
      expect(answer.status, `${method} ${path}`).toBe(401);
    }
  });
});

describe('name and photo', () => {
  it('changes the name (also the account name) and sets a profile photo of ones own', async () => {
    const { client, id } = await newUser();
    const fileId = await uploadPng(server, client, 'profile_avatar');
    const res = await client.patch('/api/account/profile', { full_name: 'Riley Renamed', avatar_file_id: fileId });
    expect(res.status).toBe(200);
    expect(res.body.account).toMatchObject({ full_name: 'Riley Renamed', avatar_file_id: fileId });
    const user = await server.services.db.selectFrom('user').select('name').where('id', '=', id).executeTakeFirstOrThrow();
    expect(user.name).toBe('Riley Renamed');
    const photo = await fetch(new URL(`/api/files/${fileId}`, server.url), { headers: { cookie: client.cookieHeader } });
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/png');
    // The nav's avatar.
    expect((await client.get('/api/me')).body.avatarFileId).toBe(fileId);

    // Removed again.
    expect((await client.patch('/api/account/profile', { avatar_file_id: null })).body.account.avatar_file_id).toBeNull();
    expect((await client.get('/api/me')).body).not.toHaveProperty('avatarFileId');
    // A blank name is refused, nothing changed.
    expect((await client.patch('/api/account/profile', { full_name: '  ' })).status).toBe(400);
    expect((await accountOf(client)).full_name).toBe('Riley Renamed');
  });

  it("refuses another user's file (404) and a file of another purpose (400); the other user cannot read the photo", async () => {
    const owner = await newUser();
    const other = await newUser();
    const ownerPhoto = await uploadPng(server, owner.client, 'profile_avatar');
    expect((await other.client.patch('/api/account/profile', { avatar_file_id: ownerPhoto })).status).toBe(404);
    expect((await accountOf(other.client)).avatar_file_id).toBeNull();
    const vehiclePhoto = await uploadPng(server, other.client, 'vehicle_photo');
    expect((await other.client.patch('/api/account/profile', { avatar_file_id: vehiclePhoto })).status).toBe(400);
    expect((await accountOf(other.client)).avatar_file_id).toBeNull();

    await owner.client.patch('/api/account/profile', { avatar_file_id: ownerPhoto });
    expect((await other.client.request(`/api/files/${ownerPhoto}`)).status).toBe(404);
  });
});

describe('phone change, verified by a code to the new number', () => {
  it('changes the phone only once the code texted to the new number is entered; a wrong code changes nothing', async () => {
    const { client, phone } = await newUser();
    const next = uniquePhone();
    const sent = await client.post('/api/account/phone/code', { phone: formatted(next) });
    expect(sent).toMatchObject({ status: 200, body: { sent: true } });
    // The code went to the NEW number, and the phone has not changed yet.
    const code = await codeFor(client, next);
    expect(await smsTo(client, phone)).toEqual([]);
    expect((await accountOf(client)).phone).toBe(e164(phone));

    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await client.post('/api/account/phone', { phone: next, code: wrong });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('WRONG_CODE');
    expect((await accountOf(client)).phone).toBe(e164(phone));

    const changed = await client.post('/api/account/phone', { phone: next, code });
    expect(changed.status).toBe(200);
    expect(changed.body.account).toMatchObject({ phone: e164(next), phone_verified: true });
    // One use.
    const again = await client.post('/api/account/phone', { phone: uniquePhone(), code });
    expect(again.body.error.code).toBe('CODE_EXPIRED');

    // A number of another country (decision 0094), with its country or in E.164.
    const national = uniqueSpanishPhone();
    const sentEs = await client.post('/api/account/phone/code', { phone: national, country: 'ES' });
    expect(sentEs).toMatchObject({ status: 200, body: { sent: true } });
    const codeEs = await codeFor(client, `+34${national}`);
    const changedEs = await client.post('/api/account/phone', { phone: `+34 ${national}`, code: codeEs });
    expect(changedEs.status).toBe(200);
    expect(changedEs.body.account).toMatchObject({ phone: `+34${national}`, phone_verified: true });

    // Now it is this account's number, however it is typed: not a change (the sign-up rule's comparison).
    expect((await client.post('/api/account/phone/code', { phone: `+34${national}` })).status).toBe(400);
    expect((await client.post('/api/account/phone/code', { phone: national, country: 'ES' })).status).toBe(400);
    // Not a Spanish number: the country's message.
    const bad = await client.post('/api/account/phone/code', { phone: '123', country: 'ES' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Please enter a valid Spain phone number');
  });

  it("refuses a number another account holds, before and after the code (the conflict rule's error), phone unchanged", async () => {
    const holder = await newUser();
    const { client, phone } = await newUser();
    const taken = await client.post('/api/account/phone/code', { phone: holder.phone });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('PHONE_IN_USE');
    expect(await smsTo(client, holder.phone)).toEqual([]);

    // Free when the code is sent, taken (by a sign-up) before it is entered.
    const next = uniquePhone();
    await client.post('/api/account/phone/code', { phone: next });
    const code = await codeFor(client, next);
    await newUser({ phone: next });
    const late = await client.post('/api/account/phone', { phone: next, code });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('PHONE_IN_USE');
    expect((await accountOf(client)).phone).toBe(e164(phone));

    // One's own number is not a change.
    expect((await client.post('/api/account/phone/code', { phone })).status).toBe(400);
    // A malformed number or code: 400.
    expect((await client.post('/api/account/phone/code', { phone: '12345' })).status).toBe(400);
    expect((await client.post('/api/account/phone', { phone: next, code: '12' })).status).toBe(400);
  });
});

describe('email change, confirmed by a link to the new address', () => {
  it('sends a link to the new address and changes the email only when it is followed', async () => {
    const { client, email } = await newUser();
    const next = uniqueEmail('moved');
    expect(await client.post('/api/account/email', { email: next })).toMatchObject({ status: 200, body: { sent: true } });
    expect((await accountOf(client)).email).toBe(email);

    const mail = (await outbox(client)).find((m) => m.channel === 'email' && m.to === next);
    expect(mail, 'an email to the new address').toBeDefined();
    expect((await outbox(client)).some((m) => m.channel === 'email' && m.to === email)).toBe(false);
    const link = new URL(/https?:\/\/\S+/.exec(mail!.body)![0]);
    expect(link.pathname).toBe('/api/auth/verify-email');

    const followed = await client.get(link.pathname + link.search);
    expect(followed.status).toBe(302);
    expect(followed.headers.get('location')).toBe('/account-settings?email=changed');
    expect((await accountOf(client)).email).toBe(next);
    // The old address no longer signs in; the new one does.
    expect((await signIn(server.client(), email)).status).not.toBe(200);
    expect((await signIn(server.client(), next)).status).toBe(200);
  });

  it('sends nothing for an address another account holds (same answer), and refuses a tampered link', async () => {
    const other = await newUser();
    const { client, email } = await newUser();
    expect(await client.post('/api/account/email', { email: other.email })).toMatchObject({ status: 200, body: { sent: true } });
    expect((await outbox(client)).filter((m) => m.to === other.email && m.subject.includes('Confirm'))).toEqual([]);
    expect((await accountOf(client)).email).toBe(email);

    const bad = await client.get('/api/auth/verify-email?token=not-a-token&callbackURL=%2Faccount-settings%3Femail%3Dchanged');
    expect(bad.status).toBe(302);
    expect(bad.headers.get('location')).toContain('error=');
    expect((await client.post('/api/account/email', { email: 'not an email' })).status).toBe(400);
    expect((await client.post('/api/account/email', { email })).status).toBe(400);
  });
});

describe('password change', () => {
  it('refuses a wrong current password and a leaked new one, then changes it and signs other devices out', async () => {
    const { client, email, id } = await newUser();
    const otherDevice = server.client();
    await signIn(otherDevice, email);
    const next = 'Fresh7Wheels-Pq';

    const wrong = await client.post('/api/account/password', { current_password: 'Not-The-One-9', new_password: next });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('WRONG_PASSWORD');
    const leaked = await client.post('/api/account/password', { current_password: GOOD_PASSWORD, new_password: 'Password123' });
    expect(leaked.status).toBe(400);
    expect(leaked.body.error.code).toBe('PASSWORD_LEAKED');
    const weak = await client.post('/api/account/password', { current_password: GOOD_PASSWORD, new_password: 'short' });
    expect(weak.status).toBe(400);
    expect((await signIn(server.client(), email)).status).toBe(200);

    const changed = await client.post('/api/account/password', { current_password: GOOD_PASSWORD, new_password: next });
    expect(changed).toMatchObject({ status: 200, body: { ok: true } });
    expect((await client.get('/api/account')).status).toBe(200);
    // Every other session is gone from the database (its signed snapshot cookie lives out decision 0001's window).
    const sessions = await server.services.db.selectFrom('session').select('id').where('userId', '=', id).execute();
    expect(sessions).toHaveLength(1);
    for (const name of [...otherDevice.cookies.keys()]) if (name.includes('session_data')) otherDevice.cookies.delete(name);
    expect((await otherDevice.get('/api/account')).status).toBe(401);
    expect((await signIn(server.client(), email)).status).not.toBe(200);
    expect((await signIn(server.client(), email, next)).status).toBe(200);
  });
});

describe('saved places', () => {
  const home = { label: 'Home', address_label: 'Ferry Building, San Francisco', lat: 37.7955, lng: -122.3937 };

  it('sets, replaces and removes Home and Work; refuses bad input with nothing changed', async () => {
    const { client } = await newUser();
    expect((await client.put('/api/account/places/home', home)).body.places).toEqual([{ kind: 'home', ...home }]);
    const work = { label: 'Work', address_label: 'Union Square', lat: 37.788, lng: -122.4075 };
    await client.put('/api/account/places/work', work);
    const moved = { ...home, address_label: 'Golden Gate Park', lat: 37.7694, lng: -122.4862 };
    expect((await client.put('/api/account/places/home', moved)).body.places).toEqual([
      { kind: 'home', ...moved },
      { kind: 'work', ...work },
    ]);

    for (const [path, body] of [
      ['/api/account/places/gym', home],
      ['/api/account/places/home', { ...home, lat: 91 }],
      ['/api/account/places/home', { ...home, lng: -181 }],
      ['/api/account/places/home', { ...home, address_label: ' ' }],
      ['/api/account/places/home', { ...home, label: '' }],
      ['/api/account/places/home', { ...home, extra: 1 }],
    ] as const) {
      expect((await client.put(path, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await client.get('/api/account/places')).body.places).toEqual([
      { kind: 'home', ...moved },
      { kind: 'work', ...work },
    ]);

    expect((await client.delete('/api/account/places/work')).body.places).toEqual([{ kind: 'home', ...moved }]);
    expect((await client.delete('/api/account/places/work')).status).toBe(404);
  });

  it("are the caller's own: another user neither reads nor removes them", async () => {
    const owner = await newUser();
    const other = await newUser();
    await owner.client.put('/api/account/places/home', home);
    expect((await other.client.get('/api/account/places')).body.places).toEqual([]);
    expect((await other.client.delete('/api/account/places/home')).status).toBe(404);
    expect((await owner.client.get('/api/account/places')).body.places).toHaveLength(1);
  });
});

describe('emergency contacts', () => {
  it('keeps at most 3: the fourth is refused with a clear error, nothing added', async () => {
    const { client } = await newUser();
    for (const [i, name] of ['Ana', 'Ben', 'Cleo'].entries()) {
      const res = await client.post('/api/account/emergency-contacts', { name, phone: uniquePhone(), relationship: i === 0 ? 'Sister' : null });
      expect(res.status).toBe(201);
      expect(res.body.emergency_contacts).toHaveLength(i + 1);
    }
    const fourth = await client.post('/api/account/emergency-contacts', { name: 'Dev', phone: uniquePhone() });
    expect(fourth.status).toBe(409);
    expect(fourth.body.error).toMatchObject({
      code: 'EMERGENCY_CONTACTS_FULL',
      message: 'You can have at most 3 emergency contacts. Remove one to add another.',
    });
    const contacts = (await accountOf(client)).emergency_contacts;
    expect(contacts.map((c: { name: string }) => c.name)).toEqual(['Ana', 'Ben', 'Cleo']);
    expect(contacts[0].relationship).toBe('Sister');

    // Bad input: 400, nothing added.
    expect((await client.post('/api/account/emergency-contacts', { name: '', phone: uniquePhone() })).status).toBe(400);
    expect((await client.post('/api/account/emergency-contacts', { name: 'Eve', phone: '123' })).status).toBe(400);
    expect((await client.post('/api/account/emergency-contacts', { name: 'Eve', phone: '123', country: 'ES' })).status).toBe(400);

    // Room again after removing one.
    expect((await client.delete(`/api/account/emergency-contacts/${contacts[1].id}`)).body.emergency_contacts).toHaveLength(2);
    expect((await client.post('/api/account/emergency-contacts', { name: 'Dev', phone: uniquePhone() })).status).toBe(201);
  });

  it('another user cannot see or remove mine (404, still there)', async () => {
    const owner = await newUser();
    const other = await newUser();
    const added = await owner.client.post('/api/account/emergency-contacts', { name: 'Ana', phone: uniquePhone() });
    const id = added.body.emergency_contacts[0].id as string;
    expect((await accountOf(other.client)).emergency_contacts).toEqual([]);
    expect((await other.client.delete(`/api/account/emergency-contacts/${id}`)).status).toBe(404);
    expect((await accountOf(owner.client)).emergency_contacts).toHaveLength(1);
  });
});

describe('notification preferences', () => {
  it('switches a channel off and on per kind; safety cannot be switched off (nothing changed)', async () => {
    const { client } = await newUser();
    const off = await client.put('/api/account/notification-preferences', {
      changes: [
        { kind: 'promotions', channel: 'sms', enabled: false },
        { kind: 'rides', channel: 'push', enabled: false },
      ],
    });
    expect(off.status).toBe(200);
    expect(off.body.notification_preferences.promotions).toEqual({ push: true, email: true, sms: false });
    expect(off.body.notification_preferences.rides).toEqual({ push: false, email: true, sms: true });

    const safety = await client.put('/api/account/notification-preferences', {
      changes: [
        { kind: 'payments', channel: 'email', enabled: false },
        { kind: 'safety', channel: 'sms', enabled: false },
      ],
    });
    expect(safety.status).toBe(422);
    expect(safety.body.error.code).toBe('SAFETY_ALWAYS_ON');
    const prefs = (await accountOf(client)).notification_preferences;
    expect(prefs.safety).toEqual({ push: true, email: true, sms: true });
    expect(prefs.payments.email).toBe(true);

    const on = await client.put('/api/account/notification-preferences', { changes: [{ kind: 'rides', channel: 'push', enabled: true }] });
    expect(on.body.notification_preferences.rides.push).toBe(true);
    expect((await client.put('/api/account/notification-preferences', { changes: [{ kind: 'news', channel: 'push', enabled: false }] })).status).toBe(400);
  });

  it('are obeyed where messages go out: a ride push and a promotion SMS switched off are not sent; safety always is', async () => {
    const { client, id } = await newUser();
    const endpoint = `https://fcm.googleapis.com/fcm/send/account-${Date.now()}`;
    const sub = { endpoint, keys: { p256dh: createECDH('prime256v1').generateKeys('base64url'), auth: randomBytes(16).toString('base64url') } };
    expect((await client.post('/api/push/subscriptions', sub)).status).toBeLessThan(300);
    await client.put('/api/account/notification-preferences', {
      changes: [
        { kind: 'rides', channel: 'push', enabled: false },
        { kind: 'promotions', channel: 'sms', enabled: false },
      ],
    });
    const { push: pushes, messenger, db } = server.services;
    await db.transaction().execute(async (trx) => {
      await pushes.enqueue(trx, id, { title: 'Your driver is here', body: 'ride', bookingId: crypto.randomUUID() });
      await pushes.enqueue(trx, id, { title: 'Document expiring', body: 'no booking, not a preference' });
      await pushes.enqueue(trx, id, { title: 'SOS', body: 'safety', bookingId: crypto.randomUUID() }, { kind: 'safety' });
    });
    pushes.wake();
    await pushes.idle();
    const titles = push.sent.filter((p) => p.target.endpoint === endpoint).map((p) => (p.payload as { title: string }).title);
    expect(titles.sort()).toEqual(['Document expiring', 'SOS']);

    const phone = uniquePhone();
    await messenger.send({ channel: 'sms', to: `+1${phone}`, subject: 'Promo', body: 'half price' }, { userId: id, kind: 'promotion' });
    await messenger.send({ channel: 'sms', to: `+1${phone}`, subject: 'Ride', body: 'on its way' }, { userId: id, kind: 'ride' });
    await messenger.send({ channel: 'sms', to: `+1${phone}`, subject: 'Safety', body: 'check in' }, { userId: id, kind: 'safety' });
    expect((await smsTo(client, phone)).map((m) => m.subject).sort()).toEqual(['Ride', 'Safety']);
  });
});
