import { messages } from '@openride/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './http-client';
import { GOOD_PASSWORD, signIn, signUp, startTestServer, type TestServer, uniqueEmail } from './test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

describe('sign-up', () => {
  it('creates the account, a profile with name and phone, and a session', async () => {
    const client = server.client();
    const res = await signUp(client, { full_name: 'Ada Rider', phone: '4155550101' });
    expect(res.status).toBe(200);
    expect(res.body.error).toBeNull();
    expect(res.body.data.session.access_token).toEqual(expect.any(String));
    const me = await client.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(res.email);
    expect(me.body.role).toBe('user');
    // Stored in E.164 (decision 0094).
    expect(me.body.profile).toMatchObject({ full_name: 'Ada Rider', phone: '+14155550101' });
    expect(me.body.adminPath).toBeUndefined();
  });

  it('reports a duplicate email as user_already_exists and creates nothing', async () => {
    const first = await signUp(server.client());
    const again = await signUp(server.client(), { email: first.email.toUpperCase(), full_name: 'Someone Else' });
    expect(again.body.error.code).toBe('user_already_exists');
    expect(again.body.error.message).toMatch(/already registered/);
    expect(again.body.data).toBeNull();
  });

  it('refuses a leaked password with passwordLeaked and creates no account', async () => {
    const client = server.client();
    const email = uniqueEmail('leaked');
    const res = await signUp(client, { email, password: 'Password1' });
    expect(res.body.passwordLeaked).toBe(true);
    expect(res.body.error.message).toBe(messages.errors.weakPassword.text);
    const attempt = await signIn(server.client(), email, 'Password1');
    expect(attempt.body.error.code).toBe('invalid_credentials');
  });

  it('refuses malformed input with a clear 400', async () => {
    const res = await server.client().post('/api/functions/auth-with-rate-limit', { action: 'signup', email: 'not-an-email', password: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('BAD_REQUEST');
  });

  it("keeps better-auth's own sign-in and sign-up endpoints closed (no way around the rate limit)", async () => {
    const client = server.client();
    const up = await client.post('/api/auth/sign-up/email', { email: uniqueEmail(), password: GOOD_PASSWORD, name: 'X' });
    expect(up.status).toBe(404);
    const inn = await client.post('/api/auth/sign-in/email', { email: uniqueEmail(), password: GOOD_PASSWORD });
    expect(inn.status).toBe(404);
  });
});

describe('sign-in and sign-out', () => {
  it('signs in with the right password, refuses the wrong one, and signs out', async () => {
    const { email } = await signUp(server.client());
    const client = server.client();
    expect((await client.get('/api/me')).status).toBe(401);

    const wrong = await signIn(client, email, 'Wrong-Passw0rd');
    expect(wrong.body.error).toEqual({ message: 'Invalid login credentials', code: 'invalid_credentials' });
    expect((await client.get('/api/me')).status).toBe(401);

    const ok = await signIn(client, email);
    expect(ok.status).toBe(200);
    expect(ok.body.data.user.email).toBe(email);
    expect((await client.get('/api/me')).body.user.email).toBe(email);

    const out = await client.post('/api/auth/sign-out', {});
    expect(out.status).toBe(200);
    expect((await client.get('/api/me')).status).toBe(401);
  });

  it('works from a page opened at 127.0.0.1 while PUBLIC_URL says localhost, and refuses a foreign page there', async () => {
    const direct = new TestClient(server.url.replace('localhost', '127.0.0.1'));
    const { email } = await signUp(direct);
    expect((await direct.get('/api/me')).body.user.email).toBe(email);
    const foreign = await direct.request('/api/auth/sign-out', { json: {}, headers: { origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    expect((await direct.get('/api/me')).status).toBe(200);
    expect((await direct.post('/api/auth/sign-out', {})).status).toBe(200);
    expect((await direct.get('/api/me')).status).toBe(401);
  });
});

describe('hot path authentication', () => {
  it('the notifications poll is authenticated from the signed cookie, without reading the session table', async () => {
    const client = server.client();
    await signUp(client);
    const userId = (await client.get('/api/me')).body.user.id;
    await server.services.db.deleteFrom('session').where('userId', '=', userId).execute();
    // No session row is left: only the signed session snapshot in the cookie can still say who this is.
    expect((await client.get('/api/notifications')).status).toBe(200);
    // Without that snapshot the server must look the token up, finds nothing, and refuses.
    client.cookies.delete('better-auth.session_data');
    expect((await client.get('/api/notifications')).status).toBe(401);
  });
});

describe('remembered sessions (decision 0013)', () => {
  const DATA = 'better-auth.session_data';
  const TOKEN = 'better-auth.session_token';
  const header = (cookies: Map<string, string>) => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const get = (path: string, cookie: string) => fetch(`${server.url}${path}`, { headers: { cookie } });

  it('refuses a tampered snapshot or token even after the genuine cookie was remembered', async () => {
    const client = server.client();
    await signUp(client);
    const me = (await client.get('/api/me')).body.user;
    const other = server.client();
    await signUp(other);
    const otherId = (await other.get('/api/me')).body.user.id;
    expect((await client.get('/api/notifications')).status).toBe(200); // remembered now
    await server.services.db.deleteFrom('session').where('userId', '=', me.id).execute();
    // The genuine bytes: the signed snapshot still vouches for them (decision 0001's window).
    expect((await client.get('/api/notifications')).status).toBe(200);

    // The same snapshot claiming to be someone else: its signature no longer matches.
    const snapshot = JSON.parse(Buffer.from(decodeURIComponent(client.cookies.get(DATA)!), 'base64url').toString());
    snapshot.session.user.id = otherId;
    const forged = new Map(client.cookies).set(DATA, encodeURIComponent(Buffer.from(JSON.stringify(snapshot)).toString('base64url')));
    expect((await get('/api/me', header(forged))).status).toBe(401);
    expect((await get('/api/notifications', header(forged))).status).toBe(401);

    // A session token with a forged signature next to the genuine snapshot.
    const token = decodeURIComponent(client.cookies.get(TOKEN)!);
    const badToken = new Map(client.cookies).set(TOKEN, encodeURIComponent(`${token.split('.')[0]}.${'A'.repeat(43)}=`));
    expect((await get('/api/notifications', header(badToken))).status).toBe(401);
    // A snapshot without its token cookie.
    const noToken = new Map(client.cookies);
    noToken.delete(TOKEN);
    expect((await get('/api/notifications', header(noToken))).status).toBe(401);
    // The genuine cookie still answers as its own user.
    expect((await client.get('/api/me')).body.user.id).toBe(me.id);
  });

  it('signing out ends the session for the browser at once; an old copy lives no longer than its snapshot', async () => {
    const client = server.client();
    await signUp(client);
    expect((await client.get('/api/notifications')).status).toBe(200);
    const copy = new Map(client.cookies);
    expect((await client.post('/api/auth/sign-out', {})).status).toBe(200);
    expect((await client.get('/api/notifications')).status).toBe(401);
    // A copy of the token alone needs the session row, which sign-out deleted.
    copy.delete(DATA);
    expect((await get('/api/notifications', header(copy))).status).toBe(401);
  });

  it('still limits request bodies on writes (the limit is skipped only for GET and HEAD)', async () => {
    const res = await server.client().post('/api/functions/auth-with-rate-limit', { action: 'signin', email: uniqueEmail(), password: 'x'.repeat(70 * 1024) });
    expect(res.status).toBe(413);
  });

  it('answers public routes without resolving any session, even with a garbage cookie', async () => {
    const res = await get('/api/health', `${TOKEN}=garbage; ${DATA}=garbage`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
    expect((await get('/api/me', `${TOKEN}=garbage; ${DATA}=garbage`)).status).toBe(401);
  });
});

describe('rate limiting', () => {
  it('locks an account after 5 failed sign-ins, even with the right password, without locking others on the same address', async () => {
    const { email } = await signUp(server.client());
    const other = await signUp(server.client());
    const client = server.client();
    for (let i = 0; i < 5; i++) {
      const res = await signIn(client, email, `Wrong-Passw0rd${i}`);
      expect(res.body.rateLimited).toBeUndefined();
    }
    const locked = await signIn(client, email);
    expect(locked.status).toBe(429);
    expect(locked.body.rateLimited).toBe(true);
    expect(locked.body.error.message).toBe(messages.errors.tooManyAttempts.text);
    expect((await client.get('/api/me')).status).toBe(401);

    // Same network address, another account: not locked out.
    const fine = await signIn(server.client(), other.email);
    expect(fine.status).toBe(200);
  });
});

describe('password reset through the outbox', () => {
  it('emails a link back to /auth, and the new password works while the old one does not', async () => {
    const { email } = await signUp(server.client());
    const client = server.client();
    const req = await client.post('/api/auth/request-password-reset', { email, redirectTo: '/auth' });
    expect(req.status).toBe(200);

    const outbox = await client.get('/api/dev/outbox');
    const mail = outbox.body.find((m: { to: string; channel: string }) => m.to === email && m.channel === 'email');
    expect(mail).toBeDefined();
    expect(mail.createdAt).toEqual(expect.any(String));
    const link = /https?:\/\/\S+/.exec(mail.body)![0];

    const follow = await client.get(new URL(link).pathname + new URL(link).search);
    expect(follow.status).toBe(302);
    const landing = new URL(follow.headers.get('location')!, server.url);
    expect(landing.pathname).toBe('/auth');
    const token = landing.searchParams.get('token')!;
    expect(token).toBeTruthy();

    const leaked = await client.post('/api/auth/reset-password', { newPassword: 'Password1', token });
    expect(leaked.status).toBe(400);

    const reset = await client.post('/api/auth/reset-password', { newPassword: 'Brand-New-Pass9', token });
    expect(reset.status).toBe(200);
    expect((await signIn(server.client(), email)).body.error.code).toBe('invalid_credentials');
    expect((await signIn(server.client(), email, 'Brand-New-Pass9')).status).toBe(200);
  });

  it('lists the outbox newest first', async () => {
    const a = await signUp(server.client());
    const b = await signUp(server.client());
    const client = server.client();
    await client.post('/api/auth/request-password-reset', { email: a.email, redirectTo: '/auth' });
    await client.post('/api/auth/request-password-reset', { email: b.email, redirectTo: '/auth' });
    const list = (await client.get('/api/dev/outbox')).body as Array<{ to: string; createdAt: string }>;
    const ia = list.findIndex((m) => m.to === a.email);
    const ib = list.findIndex((m) => m.to === b.email);
    expect(ib).toBeGreaterThanOrEqual(0);
    expect(ib).toBeLessThan(ia);
  });
});

describe('health', () => {
  it('answers ok', async () => {
    const res = await server.client().get('/api/health');
    expect(res).toMatchObject({ status: 200, body: { status: 'ok' } });
  });
});
