// Issue 11, finding 1: the dev outbox holds every reset link and sign-in code, so it answers only the machine
// the server runs on and signed-in administrators (decision 0022). Written from the refused side.
import { uiText } from '@openride/shared/ui-text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './http-client';
import { GOOD_PASSWORD, signIn, signUp, startTestServer, type TestServer } from './test-server';

const ADMIN_EMAIL = 'outbox-admin@openride.test';
const outbox = (client: TestClient, headers: Record<string, string> = {}) => client.request('/api/dev/outbox', { headers });

/** A reset link for `email` lands in the outbox, so there is something worth stealing. */
async function requestReset(server: TestServer, email: string) {
  expect((await server.client().post('/api/auth/request-password-reset', { email, redirectTo: '/auth' })).status).toBe(200);
}

function expectRefused(res: { status: number; body: any }) {
  expect(res.status).toBe(403);
  expect(res.body).toEqual({ error: { code: 'FORBIDDEN', message: uiText.outbox.refused } });
}

describe('without TRUST_PROXY (npm start as the README says)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ ADMIN_EMAIL, ADMIN_PASSWORD: GOOD_PASSWORD });
  });
  afterAll(() => server?.stop());

  it('answers a request from this machine', async () => {
    const { email } = await signUp(server.client());
    await requestReset(server, email);
    const res = await outbox(server.client());
    expect(res.status).toBe(200);
    expect(res.body.some((m: { to: string }) => m.to === email)).toBe(true);
  });

  it('refuses a request that came through a proxy nobody declared (it would look local otherwise)', async () => {
    const proxied: Record<string, string>[] = [
      { 'x-forwarded-for': '203.0.113.9' },
      { 'x-forwarded-for': '127.0.0.1' },
      { forwarded: 'for=203.0.113.9' },
      { 'x-real-ip': '203.0.113.9' },
    ];
    for (const headers of proxied) {
      expectRefused(await outbox(server.client(), headers));
    }
  });

  it('answers a signed-in administrator even through a proxy', async () => {
    const admin = server.client();
    expect((await signIn(admin, ADMIN_EMAIL)).status).toBe(200);
    expect((await outbox(admin, { 'x-forwarded-for': '203.0.113.9' })).status).toBe(200);
  });
});

describe('behind a proxy (TRUST_PROXY=1)', () => {
  let server: TestServer;
  let victim: string;
  beforeAll(async () => {
    server = await startTestServer({ ADMIN_EMAIL, ADMIN_PASSWORD: GOOD_PASSWORD, TRUST_PROXY: '1' });
    victim = (await signUp(server.client())).email;
    await requestReset(server, victim);
  });
  afterAll(() => server?.stop());

  it('refuses a visitor from another machine, however it spells its own X-Forwarded-For', async () => {
    // What the proxy appends is the visitor's real address; anything before it is the visitor's own text.
    for (const forwardedFor of ['203.0.113.9', '127.0.0.1, 203.0.113.9', '::1, 203.0.113.9', 'localhost, 203.0.113.9']) {
      expectRefused(await outbox(server.client(), { 'x-forwarded-for': forwardedFor }));
    }
  });

  it('refuses a signed-in user who is not an administrator', async () => {
    const user = server.client();
    await user.request('/api/functions/auth-with-rate-limit', {
      method: 'POST',
      json: {
        action: 'signup',
        email: `outbox-user-${Date.now()}@example.test`,
        password: GOOD_PASSWORD,
        options: { data: { full_name: 'Nosy', phone: '4155550177' } },
      },
      headers: { 'x-forwarded-for': '203.0.113.10' },
    });
    expect((await user.get('/api/me')).status).toBe(200);
    expectRefused(await outbox(user, { 'x-forwarded-for': '203.0.113.10' }));
  });

  it('answers a signed-in administrator from another machine', async () => {
    const admin = server.client();
    const signedIn = await admin.request('/api/functions/auth-with-rate-limit', {
      method: 'POST',
      json: { action: 'signin', email: ADMIN_EMAIL, password: GOOD_PASSWORD },
      headers: { 'x-forwarded-for': '203.0.113.11' },
    });
    expect(signedIn.status).toBe(200);
    const res = await outbox(admin, { 'x-forwarded-for': '203.0.113.11' });
    expect(res.status).toBe(200);
    expect(res.body.some((m: { to: string }) => m.to === victim)).toBe(true);
  });

  it('answers this machine: directly, or through the proxy from the proxy machine itself', async () => {
    expect((await outbox(server.client())).status).toBe(200);
    expect((await outbox(server.client(), { 'x-forwarded-for': '127.0.0.1' })).status).toBe(200);
    expect((await outbox(server.client(), { 'x-forwarded-for': '::1' })).status).toBe(200);
  });
});
