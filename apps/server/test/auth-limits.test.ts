// Issue 11, findings 2, 3 and 8, from the attacker's side: per-address limits behind a proxy, sign-in
// attempts raced against the lockout, and sign-ups with an existing email (decision 0022).
import { messages } from '@openride/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../src/env';
import { AUTH_LIMITS } from '../src/lib/rate-limit';
import { createLogger } from '../src/lib/logger';
import { type RunningServer, startServer } from '../src/server';
import { TestClient } from './http-client';
import { freePort, GOOD_PASSWORD, startTestServer, type TestServer, uniqueEmail, uniquePhone } from './test-server';

const scaled = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);
const PAIR = AUTH_LIMITS.failedPerAccountAddress.points;
const ACCOUNT = AUTH_LIMITS.failedPerAccount.points;
const SIGNUPS = AUTH_LIMITS.signupPerIp.points;
const OTP_SENDS = AUTH_LIMITS.otpSendPerIp.points;

// Behind one proxy (TRUST_PROXY=1): the proxy appends the address it saw, so the rightmost X-Forwarded-For
// entry is the client's; anything before it is what the client sent itself.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: '1' });
});
afterAll(() => server?.stop());

let n = 0;
/** An address of this test's own, as the proxy would append it. */
const address = () => `198.51.${100 + (n >> 8)}.${n++ % 256}`;
/** What an attacker writes into its own X-Forwarded-For: a fresh address every time. */
const spoofed = () =>
  `${1 + Math.floor(Math.random() * 200)}.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;

type Attempt = { status: number; body: any };
const call = (path: string, json: unknown, forwardedFor: string, client: TestClient = server.client()): Promise<Attempt> =>
  client.request(path, { method: 'POST', json, headers: { 'x-forwarded-for': forwardedFor } });

const signInFrom = (forwardedFor: string, email: string, password = GOOD_PASSWORD, client?: TestClient) =>
  call('/api/functions/auth-with-rate-limit', { action: 'signin', email, password }, forwardedFor, client);

const signUpFrom = (forwardedFor: string, email = uniqueEmail('limits'), client?: TestClient) =>
  call(
    '/api/functions/auth-with-rate-limit',
    { action: 'signup', email, password: GOOD_PASSWORD, options: { data: { full_name: 'Limit Tester', phone: uniquePhone() } } },
    forwardedFor,
    client,
  );

/** A fresh account, signed up from an address nobody else uses. */
async function account() {
  const email = uniqueEmail('owner');
  expect((await signUpFrom(address(), email)).status).toBe(200);
  return email;
}

const isLimited = (res: Attempt) => res.status === 429 && res.body.rateLimited === true && res.body.error.code === 'rate_limited';
const isWrongPassword = (res: Attempt) => res.status === 400 && res.body.error?.code === 'invalid_credentials';

describe('X-Forwarded-For: only the entry our proxy appended counts (finding 2)', () => {
  it('a client that writes its own X-Forwarded-For is still locked out of an account after 5 wrong passwords', async () => {
    const email = await account();
    const attacker = address();
    for (let i = 0; i < PAIR; i++) {
      const res = await signInFrom(`${spoofed()}, ${attacker}`, email, `Wrong-Passw0rd${i}`);
      expect(isWrongPassword(res), JSON.stringify(res.body)).toBe(true);
    }
    const next = await signInFrom(`${spoofed()}, ${spoofed()}, ${attacker}`, email);
    expect(isLimited(next)).toBe(true);
    expect(next.body.error.message).toBe(messages.errors.tooManyAttempts.text);
  });

  it('a client that writes its own X-Forwarded-For still meets the sign-up limit of its address', async () => {
    const attacker = address();
    for (let i = 0; i < SIGNUPS; i++) {
      const res = await signUpFrom(`${spoofed()}, ${attacker}`, uniqueEmail('spoof'));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    expect(isLimited(await signUpFrom(`${spoofed()}, ${attacker}`))).toBe(true);
    // The address the proxy saw is what is limited: a neighbour is not.
    expect((await signUpFrom(address())).status).toBe(200);
  });

  it('a client that writes its own X-Forwarded-For still meets the one-time code limit of its address', async () => {
    const attacker = address();
    for (let i = 0; i < OTP_SENDS; i++) {
      const res = await call('/api/functions/send-otp', { phone: uniquePhone() }, `${spoofed()}, ${attacker}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const limited = await call('/api/functions/send-otp', { phone: uniquePhone() }, `${spoofed()}, ${attacker}`);
    expect(limited.status).toBe(429);
    expect(limited.body.success).toBe(false);
  });

  it('TRUST_PROXY=2 takes the entry the outer of two proxies appended', async () => {
    const twoHops = await startTestServer({ TRUST_PROXY: '2' });
    try {
      const client = twoHops.client();
      const email = uniqueEmail('hops');
      expect((await signUpFrom('198.18.0.1, 10.0.0.2', email, client)).status).toBe(200);
      // Client 203.0.113.50, seen by the outer proxy; 10.0.0.2 is the outer proxy, seen by the inner one.
      for (let i = 0; i < PAIR; i++) {
        const res = await signInFrom(`${spoofed()}, 203.0.113.50, 10.0.0.2`, email, `Wrong-Passw0rd${i}`, twoHops.client());
        expect(isWrongPassword(res)).toBe(true);
      }
      expect(isLimited(await signInFrom(`${spoofed()}, 203.0.113.50, 10.0.0.2`, email, GOOD_PASSWORD, twoHops.client()))).toBe(true);
      // Another client behind the same proxies is another address: the owner signs in.
      expect((await signInFrom('203.0.113.51, 10.0.0.2', email, GOOD_PASSWORD, twoHops.client())).status).toBe(200);
    } finally {
      await twoHops.stop();
    }
  });
});

describe('sign-in lockout (finding 3)', () => {
  it(`100 concurrent wrong passwords: at most ${PAIR} are checked, the rest answered 429`, async () => {
    const email = await account();
    const attacker = address();
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => signInFrom(attacker, email, `Wrong-Passw0rd${i}`)));
    const checked = results.filter(isWrongPassword).length;
    const limited = results.filter(isLimited).length;
    expect(checked + limited).toBe(100);
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(PAIR);
    // The right password from there is refused too: nothing cleared the count.
    expect(isLimited(await signInFrom(attacker, email))).toBe(true);
  });

  it('the right password among 61 concurrent attempts gives no more than the limit of checks', async () => {
    const email = await account();
    const attacker = address();
    const results = await Promise.all(Array.from({ length: 61 }, (_, i) => signInFrom(attacker, email, i === 20 ? GOOD_PASSWORD : `Wrong-Passw0rd${i}`)));
    const checked = results.filter((r) => isWrongPassword(r) || r.status === 200).length;
    expect(results.filter(isLimited).length + checked).toBe(61);
    expect(checked).toBeLessThanOrEqual(PAIR);
  });

  it("an attacker's 5 wrong passwords lock only the attacker's address: the owner signs in from theirs", async () => {
    const email = await account();
    const attacker = address();
    for (let i = 0; i < PAIR; i++) expect(isWrongPassword(await signInFrom(attacker, email, `Wrong-Passw0rd${i}`))).toBe(true);
    expect(isLimited(await signInFrom(attacker, email))).toBe(true);

    const owner = server.client();
    const res = await signInFrom(address(), email, GOOD_PASSWORD, owner);
    expect(res.status).toBe(200);
    expect((await owner.get('/api/me')).body.user.email).toBe(email);
  });

  it(`a success clears the count at that address; ${ACCOUNT} failures an hour from anywhere lock the account everywhere`, async () => {
    const email = await account();
    const home = address();
    for (let i = 0; i < PAIR - 1; i++) expect(isWrongPassword(await signInFrom(home, email, `Typo-Passw0rd${i}`))).toBe(true);
    expect((await signInFrom(home, email)).status).toBe(200);
    for (let i = 0; i < PAIR - 1; i++) expect(isWrongPassword(await signInFrom(home, email, `Typo-Passw0rd${i}`))).toBe(true);
    // 2 × (PAIR - 1) failures so far. A guesser spreading over addresses reaches the account-wide limit.
    let failures = 2 * (PAIR - 1);
    while (failures < ACCOUNT) {
      const from = address();
      for (let i = 0; i < PAIR && failures < ACCOUNT; i++, failures++)
        expect(isWrongPassword(await signInFrom(from, email, `Guess-Passw0rd${failures}`))).toBe(true);
    }
    expect(isLimited(await signInFrom(address(), email))).toBe(true);
  });

  describe.runIf(scaled)('two processes on one Redis', () => {
    let twin: RunningServer;
    beforeAll(async () => {
      const env = parseEnv({ ...stringEnv(server.services.env), PORT: String(await freePort()), DEMO: '0' });
      twin = await startServer(env, createLogger('silent'));
    });
    afterAll(() => twin?.close());

    it(`100 concurrent wrong passwords split across both: at most ${PAIR} are checked`, async () => {
      const email = await account();
      const attacker = address();
      const results = await Promise.all(
        Array.from({ length: 100 }, (_, i) => signInFrom(attacker, email, `Wrong-Passw0rd${i}`, i % 2 ? server.client() : new TestClient(twin.url))),
      );
      const checked = results.filter(isWrongPassword).length;
      expect(results.filter(isLimited).length + checked).toBe(100);
      expect(checked).toBeLessThanOrEqual(PAIR);
    });
  });
});

describe('sign-up limits (findings 3 and 8)', () => {
  it(`${SIGNUPS + 10} concurrent sign-ups from one address create at most ${SIGNUPS} accounts`, async () => {
    const from = address();
    const results = await Promise.all(Array.from({ length: SIGNUPS + 10 }, () => signUpFrom(from)));
    const created = results.filter((r) => r.status === 200).length;
    expect(results.filter(isLimited).length + created).toBe(SIGNUPS + 10);
    expect(created).toBeGreaterThan(0);
    expect(created).toBeLessThanOrEqual(SIGNUPS);
  });

  it('an existing email still answers user_already_exists, but a prober meets the per-address limit', async () => {
    const email = await account();
    const prober = address();
    for (let i = 0; i < SIGNUPS; i++) {
      const res = await signUpFrom(`${spoofed()}, ${prober}`, i % 2 ? email : email.toUpperCase());
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ data: null, error: { message: 'User already registered', code: 'user_already_exists' } });
    }
    expect(isLimited(await signUpFrom(`${spoofed()}, ${prober}`, email))).toBe(true);
    // A fresh email from that address is limited the same: the answer tells nothing about the account.
    expect(isLimited(await signUpFrom(prober))).toBe(true);
    // Someone else, elsewhere, still gets the 'Account Found' answer the screen switches on.
    expect((await signUpFrom(address(), email)).body.error.code).toBe('user_already_exists');
  });
});

/** The parsed environment back as variables (numbers and booleans as their text), to start a twin process. */
function stringEnv(env: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) continue;
    out[key] = typeof value === 'boolean' ? (value ? '1' : '0') : String(value);
  }
  return out;
}
