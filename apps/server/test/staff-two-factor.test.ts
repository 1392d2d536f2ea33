// Staff two-factor sign-in (issue 29 §4, decision 0090), from the side of the one refused: a role that requires
// it is refused every console route until it has enrolled and the session has given the second factor; wrong
// codes are refused and counted with wrong passwords; a recovery code works once; an owner resets another's.
// The codes are computed here with the library the server checks them with (otplib).
import { RECOVERY_CODE_PATTERN } from '@openride/shared/admin/two-factor';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './http-client';
import { ADMIN_EMAIL, ADMIN_ENV, adminOf, newUser } from './ride-actors';
import { GOOD_PASSWORD, signIn, startTestServer, type TestServer } from './test-server';
import { EnvError, parseEnv, staffTwoFactorPolicy } from '../src/env';
import { grantStaff } from '../src/roles/staff.repo';

/** A console route every role here may read (ride.read): 200 once the gate lets the caller through. */
const CONSOLE = '/api/admin/rides';
const now = () => Math.floor(Date.now() / 1000);
/** The app's code `steps` time steps from now (the server accepts the one before and the one after). */
const totp = (secret: string, steps = 0) => generate({ secret, epoch: now() + steps * 30 });
/** A code that is none of the three the server accepts now. */
const wrongCode = async (secret: string) => {
  const near = new Set(await Promise.all([-1, 0, 1].map((s) => totp(secret, s))));
  let code = 123456;
  while (near.has(String(code))) code++;
  return String(code);
};

let server: TestServer;
let owner: TestClient;
beforeAll(async () => {
  server = await startTestServer({ ...ADMIN_ENV, STAFF_2FA: 'roles' });
  owner = await adminOf(server);
});
afterAll(() => server?.stop());

const errorCode = (res: { body: { error?: { code?: string } } }) => res.body?.error?.code;

async function staffMember(role: 'finance' | 'support' | 'operations', name: string) {
  const user = await newUser(server, name);
  await server.services.db.transaction().execute((trx) => grantStaff(trx, { userId: user.id, role, cityIds: null, invitedBy: null }));
  const email = (await user.client.get('/api/me')).body.user.email as string;
  return { ...user, email };
}

/** Enrols the signed-in client: the secret and the recovery codes. */
async function enrol(client: TestClient) {
  const started = await client.post('/api/staff-two-factor/enrolment', {});
  expect(started.status).toBe(201);
  const secret = started.body.secret as string;
  const confirmed = await client.post('/api/staff-two-factor/enrolment/confirm', { code: await totp(secret) });
  expect(confirmed.status).toBe(200);
  return { secret, recoveryCodes: confirmed.body.recovery_codes as string[] };
}

/** A second session of the same account, from its own address. */
async function newSession(email: string, address: string) {
  const client = server.client();
  const res = await client.request('/api/functions/auth-with-rate-limit', {
    method: 'POST',
    json: { action: 'signin', email, password: GOOD_PASSWORD },
    headers: { 'x-forwarded-for': address },
  });
  expect(res.status).toBe(200);
  return client;
}

const auditOf = (entityId: string, action: string) =>
  server.services.db
    .selectFrom('audit_log')
    .select(['actor_id', 'before', 'after'])
    .where('entity_id', '=', entityId)
    .where('action', '=', action as never)
    .execute();

describe('staff two-factor sign-in', () => {
  it('STAFF_2FA: owners and finance in production by default, nobody elsewhere; production refuses off', () => {
    const production = {
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail.example.com',
      TWILIO_ACCOUNT_SID: 'AC1',
      TWILIO_AUTH_TOKEN: 't',
      TWILIO_FROM: '+14155550000',
      AUTH_SECRET: 'x'.repeat(32),
      PUBLIC_URL: 'https://ride.example.com',
    };
    expect(staffTwoFactorPolicy(parseEnv(production))).toBe('roles');
    expect(staffTwoFactorPolicy(parseEnv({ ...production, STAFF_2FA: 'all' }))).toBe('all');
    expect(() => parseEnv({ ...production, STAFF_2FA: 'off' })).toThrow(/STAFF_2FA: cannot be off in production/);
    expect(staffTwoFactorPolicy(parseEnv({ NODE_ENV: 'test' }))).toBe('off');
    expect(staffTwoFactorPolicy(parseEnv({ NODE_ENV: 'development' }))).toBe('off');
    expect(() => parseEnv({ STAFF_2FA: 'sometimes' })).toThrow(EnvError);
  });

  it('the owner is refused the console until enrolled; enrolment shows the QR code and the secret, confirms with a code, and gives 10 recovery codes once', async () => {
    const refused = await owner.get(CONSOLE);
    expect(refused.status).toBe(403);
    expect(errorCode(refused)).toBe('TWO_FACTOR_ENROLMENT_REQUIRED');
    // Who I am tells the web's guard the same, without a request of its own.
    expect((await owner.get('/api/me')).body.staff.second_factor).toBe('enrol');
    expect((await owner.get('/api/staff-two-factor')).body).toEqual({
      staff: true,
      required: true,
      enrolled: false,
      verified: false,
      recovery_codes_left: null,
    });
    // Their own pages are not the console's: still open.
    expect((await owner.get('/api/me')).status).toBe(200);

    const started = await owner.post('/api/staff-two-factor/enrolment', {});
    expect(started.status).toBe(201);
    const secret = started.body.secret as string;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.body.otpauth_uri).toBe(`otpauth://totp/OpenRide%20console:${encodeURIComponent(ADMIN_EMAIL)}?secret=${secret}&issuer=OpenRide%20console`);
    expect(started.body.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(started.body.qr_code.split(',')[1], 'base64').toString()).toContain('<svg');
    // Begun, not on: still refused.
    expect(errorCode(await owner.get(CONSOLE))).toBe('TWO_FACTOR_ENROLMENT_REQUIRED');

    const wrong = await owner.post('/api/staff-two-factor/enrolment/confirm', { code: await wrongCode(secret) });
    expect(wrong.status).toBe(400);
    expect(errorCode(wrong)).toBe('TWO_FACTOR_CODE_INVALID');
    expect((await owner.post('/api/staff-two-factor/enrolment/confirm', { code: 'not a code!' })).status).toBe(400);

    const confirmed = await owner.post('/api/staff-two-factor/enrolment/confirm', { code: await totp(secret) });
    expect(confirmed.status).toBe(200);
    const codes = confirmed.body.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(RECOVERY_CODE_PATTERN);

    // This session enrolled: the console answers it.
    expect((await owner.get(CONSOLE)).status).toBe(200);
    expect((await owner.get('/api/staff-two-factor')).body).toEqual({ staff: true, required: true, enrolled: true, verified: true, recovery_codes_left: 10 });
    // Once on, a new setup is refused (an owner resets it first).
    expect(errorCode(await owner.post('/api/staff-two-factor/enrolment', {}))).toBe('TWO_FACTOR_ALREADY_ENROLLED');

    // Stored: the secret encrypted, the codes hashed; audited.
    const ownerId = (await owner.get('/api/me')).body.user.id as string;
    const stored = await server.services.db.selectFrom('staff_two_factor').selectAll().where('user_id', '=', ownerId).executeTakeFirstOrThrow();
    expect(stored.secret_encrypted).not.toContain(secret);
    expect(stored.enabled_at).not.toBeNull();
    const hashes = await server.services.db.selectFrom('staff_recovery_codes').select('code_hash').where('user_id', '=', ownerId).execute();
    expect(hashes).toHaveLength(10);
    for (const { code_hash } of hashes) for (const code of codes) expect(code_hash).not.toContain(code.replace('-', ''));
    const audit = await auditOf(ownerId, 'staff.two_factor_enrol');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: ownerId, before: { two_factor: false }, after: { two_factor: true } });

    // A new sign-in needs the second factor; the code used at enrolment is not accepted again.
    const second = await newSession(ADMIN_EMAIL, '10.77.0.1');
    const needs = await second.get(CONSOLE);
    expect(needs.status).toBe(403);
    expect(errorCode(needs)).toBe('TWO_FACTOR_REQUIRED');
    expect((await second.get('/api/staff-two-factor')).body).toMatchObject({ enrolled: true, verified: false });
    expect((await second.get('/api/me')).body.staff.second_factor).toBe('verify');
    const replayed = await second.post('/api/staff-two-factor/verify', { code: await totp(secret) });
    expect(errorCode(replayed)).toBe('TWO_FACTOR_CODE_INVALID');
    const next = await totp(secret, 1);
    const verified = await second.post('/api/staff-two-factor/verify', { code: `${next.slice(0, 3)} ${next.slice(3)}` });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ recovery_code_used: false, recovery_codes_left: 10 });
    expect((await second.get(CONSOLE)).status).toBe(200);
    expect((await second.get('/api/me')).body.staff.second_factor).toBeNull();
    // The first session is unaffected; signing out ends the second one's second factor with it.
    expect((await owner.get(CONSOLE)).status).toBe(200);

    // A recovery code works once, however it is typed.
    const third = await newSession(ADMIN_EMAIL, '10.77.0.2');
    const byRecovery = await third.post('/api/staff-two-factor/verify', { code: ` ${codes[0]!.toUpperCase()} ` });
    expect(byRecovery.status).toBe(200);
    expect(byRecovery.body).toEqual({ recovery_code_used: true, recovery_codes_left: 9 });
    expect((await third.get(CONSOLE)).status).toBe(200);
    const fourth = await newSession(ADMIN_EMAIL, '10.77.0.3');
    expect(errorCode(await fourth.post('/api/staff-two-factor/verify', { code: codes[0] }))).toBe('TWO_FACTOR_CODE_INVALID');
    expect(errorCode(await fourth.get(CONSOLE))).toBe('TWO_FACTOR_REQUIRED');
    expect((await fourth.post('/api/staff-two-factor/verify', { code: codes[1] })).body.recovery_codes_left).toBe(8);
    expect((await fourth.get(CONSOLE)).status).toBe(200);
  });

  it('a wrong code is refused and rate-limited like a wrong password, on the same counters', async () => {
    const finance = await staffMember('finance', 'Fay Finance');
    const { secret } = await enrol(finance.client);
    const address = '10.78.0.1';
    const session = await newSession(finance.email, address);
    const wrong = await wrongCode(secret);
    const attempt = (code: string) =>
      session.request('/api/staff-two-factor/verify', { method: 'POST', json: { code }, headers: { 'x-forwarded-for': address } });
    // 5 wrong codes for this account at this address (the password's limit, decision 0022)…
    for (let i = 0; i < 5; i++) {
      const res = await attempt(wrong);
      expect(res.status).toBe(400);
      expect(errorCode(res)).toBe('TWO_FACTOR_CODE_INVALID');
    }
    // …then even the right code, and the password itself, wait.
    const limited = await attempt(await totp(secret, 1));
    expect(limited.status).toBe(429);
    expect(errorCode(limited)).toBe('RATE_LIMITED');
    const password = await server.client().request('/api/functions/auth-with-rate-limit', {
      method: 'POST',
      json: { action: 'signin', email: finance.email, password: GOOD_PASSWORD },
      headers: { 'x-forwarded-for': address },
    });
    expect(password.status).toBe(429);
    expect(errorCode(await session.get(CONSOLE))).toBe('TWO_FACTOR_REQUIRED');
    // Another address is not locked out by this one's guesses.
    const elsewhere = await newSession(finance.email, '10.78.0.2');
    expect((await elsewhere.post('/api/staff-two-factor/verify', { code: await totp(secret, 1) })).status).toBe(200);
    expect((await elsewhere.get(CONSOLE)).status).toBe(200);
  });

  it('finance without two-factor is refused the console; support is not required under roles, but one who enrolled gives it', async () => {
    const finance = await staffMember('finance', 'Finn Finance');
    const refused = await finance.client.get('/api/admin/finance/dashboard?city=sf');
    expect(refused.status).toBe(403);
    expect(errorCode(refused)).toBe('TWO_FACTOR_ENROLMENT_REQUIRED');
    expect(errorCode(await finance.client.get(CONSOLE))).toBe('TWO_FACTOR_ENROLMENT_REQUIRED');

    const support = await staffMember('support', 'Sue Support');
    expect((await support.client.get(CONSOLE)).status).toBe(200);
    expect((await support.client.get('/api/staff-two-factor')).body).toEqual({
      staff: true,
      required: false,
      enrolled: false,
      verified: false,
      recovery_codes_left: null,
    });
    // A role that is not required may still enrol: from then on it gives the second factor too.
    const { secret } = await enrol(support.client);
    expect((await support.client.get(CONSOLE)).status).toBe(200);
    const again = await newSession(support.email, '10.79.0.1');
    expect(errorCode(await again.get(CONSOLE))).toBe('TWO_FACTOR_REQUIRED');
    expect((await again.post('/api/staff-two-factor/verify', { code: await totp(secret, 1) })).status).toBe(200);
    expect((await again.get(CONSOLE)).status).toBe(200);

    // Not staff: nothing to set up.
    const rider = await newUser(server, 'Rita Rider');
    expect((await rider.client.get('/api/staff-two-factor')).body).toEqual({
      staff: false,
      required: false,
      enrolled: false,
      verified: false,
      recovery_codes_left: null,
    });
    expect((await rider.client.post('/api/staff-two-factor/enrolment', {})).status).toBe(403);
    expect(errorCode(await rider.client.post('/api/staff-two-factor/verify', { code: '123456' }))).toBe('TWO_FACTOR_NOT_ENROLLED');
  });

  it("an owner resets another staff member's two-factor (audited); never their own, and no one else may", async () => {
    const finance = await staffMember('finance', 'Flo Finance');
    await enrol(finance.client);
    expect((await finance.client.get(CONSOLE)).status).toBe(200);
    // Finance may not reset anyone's (staff.manage), not even with a confirmed session.
    const ownerId = (await owner.get('/api/me')).body.user.id as string;
    expect(errorCode(await finance.client.delete(`/api/admin/staff-two-factor/${ownerId}`))).toBe('STAFF_PERMISSION_REQUIRED');
    // The owner's own: refused through the console.
    expect((await owner.delete(`/api/admin/staff-two-factor/${ownerId}`)).status).toBe(403);

    // The Staff page tells who has it set up.
    const twoFactorOf = async () =>
      (await owner.get('/api/admin/staff')).body.members.find((m: { user_id: string }) => m.user_id === finance.id).two_factor as boolean;
    expect(await twoFactorOf()).toBe(true);
    expect((await owner.delete(`/api/admin/staff-two-factor/${finance.id}`)).status).toBe(204);
    expect(await twoFactorOf()).toBe(false);
    // Their sessions' second factor went with it: finance must set it up again.
    expect(errorCode(await finance.client.get(CONSOLE))).toBe('TWO_FACTOR_ENROLMENT_REQUIRED');
    expect((await finance.client.get('/api/staff-two-factor')).body).toMatchObject({ required: true, enrolled: false, verified: false });
    const audit = await auditOf(finance.id, 'staff.two_factor_reset');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: ownerId, before: { two_factor: true }, after: { two_factor: false } });
    // Nothing left to reset; nobody by that id.
    expect((await owner.delete(`/api/admin/staff-two-factor/${finance.id}`)).status).toBe(404);
    expect((await owner.delete('/api/admin/staff-two-factor/nobody')).status).toBe(404);
    // They set it up again.
    await enrol(finance.client);
    expect((await finance.client.get(CONSOLE)).status).toBe(200);
  });
});

describe('STAFF_2FA=all', () => {
  let all: TestServer;
  beforeAll(async () => {
    all = await startTestServer({ ...ADMIN_ENV, STAFF_2FA: 'all' });
  });
  afterAll(() => all?.stop());

  it('requires it of every role, support included', async () => {
    const support = await newUser(all, 'Sid Support');
    await all.services.db.transaction().execute((trx) => grantStaff(trx, { userId: support.id, role: 'support', cityIds: null, invitedBy: null }));
    const refused = await support.client.get(CONSOLE);
    expect(refused.status).toBe(403);
    expect(errorCode(refused)).toBe('TWO_FACTOR_ENROLMENT_REQUIRED');
    expect((await support.client.get('/api/staff-two-factor')).body).toMatchObject({ required: true });
    const owner = all.client();
    expect((await signIn(owner, ADMIN_EMAIL)).status).toBe(200);
    expect(errorCode(await owner.get(CONSOLE))).toBe('TWO_FACTOR_ENROLMENT_REQUIRED');
  });
});
