import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './http-client';
import { GOOD_PASSWORD, signIn, signUp, startTestServer, type TestServer } from './test-server';

const ADMIN_EMAIL = 'locked-out-boss@openride.test';
const NEW_PASSWORD = 'Fresh-Admin-Pass7';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAIL, ADMIN_PASSWORD: GOOD_PASSWORD, TRUST_PROXY: '1' });
});
afterAll(() => server?.stop());

let address = 0;
/** Each request from its own address, so the per-address limit only bites where a test wants it to. */
const fromOwnAddress = (client: TestClient, path: string, json: unknown, ip = `10.77.0.${++address}`) =>
  client.request(path, { json, headers: { 'x-forwarded-for': ip } });

async function mailsTo(email: string) {
  const outbox = (await server.client().get('/api/dev/outbox')).body as Array<{ to: string; channel: string; body: string; subject: string }>;
  return outbox.filter((m) => m.to === email && m.channel === 'email' && /administrator password/.test(m.subject));
}

const tokenOf = (mail: { body: string }) => {
  const link = new URL(/https?:\/\/\S+/.exec(mail.body)![0]);
  expect(link.pathname).toBe('/reset-admin-password');
  return link.searchParams.get('token')!;
};

describe('/reset-admin-password', () => {
  it('answers a rider, an unknown address and an admin alike, and emails only the admin', async () => {
    const rider = await signUp(server.client());
    const answers = await Promise.all(
      [rider.email, 'nobody-here@openride.test', ADMIN_EMAIL].map((email) => fromOwnAddress(server.client(), '/api/admin-password-reset', { email })),
    );
    for (const a of answers) expect({ status: a.status, body: a.body }).toEqual({ status: 200, body: { ok: true } });
    expect(await mailsTo(rider.email)).toHaveLength(0);
    expect(await mailsTo('nobody-here@openride.test')).toHaveLength(0);
    expect(await mailsTo(ADMIN_EMAIL)).toHaveLength(1);
  });

  it('sets a new password once, refuses a weak one without spending the link, and ends every session of that admin', async () => {
    const before = server.client();
    expect((await signIn(before, ADMIN_EMAIL)).status).toBe(200);
    expect((await before.get('/api/admin/path')).status).toBe(200);

    expect((await fromOwnAddress(server.client(), '/api/admin-password-reset', { email: ADMIN_EMAIL })).status).toBe(200);
    const mails = await mailsTo(ADMIN_EMAIL);
    const token = tokenOf(mails[0]!);

    const anyone = server.client();
    const weak = await anyone.post('/api/admin-password-reset/confirm', { token, password: 'short' });
    expect(weak.status).toBe(400);
    const breached = await anyone.post('/api/admin-password-reset/confirm', { token, password: 'Password1' });
    expect(breached.status).toBe(400);

    expect((await anyone.post('/api/admin-password-reset/confirm', { token, password: NEW_PASSWORD })).status).toBe(200);
    const again = await anyone.post('/api/admin-password-reset/confirm', { token, password: 'Another-Pass8' });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toMatch(/invalid, has expired or was already used/);

    expect((await signIn(server.client(), ADMIN_EMAIL)).body.error.code).toBe('invalid_credentials');
    expect((await signIn(server.client(), ADMIN_EMAIL, NEW_PASSWORD)).status).toBe(200);
    // The session signed in before the reset is gone from the database (the signed cookie snapshot it
    // also holds lapses within its documented window: decision 0001).
    const session = await before.get('/api/auth/get-session?disableCookieCache=true');
    expect(session.body).toBeNull();
  });

  it('refuses a link replaced by a newer one, an expired link and a made-up one', async () => {
    expect((await fromOwnAddress(server.client(), '/api/admin-password-reset', { email: ADMIN_EMAIL })).status).toBe(200);
    const first = tokenOf((await mailsTo(ADMIN_EMAIL)).at(0)!);
    expect((await fromOwnAddress(server.client(), '/api/admin-password-reset', { email: ADMIN_EMAIL })).status).toBe(200);
    const second = tokenOf((await mailsTo(ADMIN_EMAIL)).at(0)!);
    expect(second).not.toBe(first);
    const client = server.client();
    expect((await client.post('/api/admin-password-reset/confirm', { token: first, password: 'Replaced-Link9' })).status).toBe(400);
    expect((await client.post('/api/admin-password-reset/confirm', { token: 'made-up', password: 'Made-Up-Link9' })).status).toBe(400);

    // Thirty minutes later (moved on in the database rather than waited for).
    await server.services.db
      .updateTable('verification')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('identifier', 'like', 'admin-password-reset:%')
      .execute();
    expect((await client.post('/api/admin-password-reset/confirm', { token: second, password: 'Expired-Link9' })).status).toBe(400);
    expect((await signIn(server.client(), ADMIN_EMAIL, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses bad input and limits requests per address', async () => {
    expect((await fromOwnAddress(server.client(), '/api/admin-password-reset', { email: 'not-an-email' })).status).toBe(400);
    const ip = '10.78.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await fromOwnAddress(server.client(), '/api/admin-password-reset', { email: `x${i}@openride.test` }, ip)).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
