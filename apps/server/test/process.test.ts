import path from 'node:path';
import { generate } from 'otplib';
import { afterEach, describe, expect, it } from 'vitest';
import { TestClient } from './http-client';
import { runToExit, SERVER_ENTRY, spawnServer } from './spawn-server';
import { createTestDatabase, type TestDatabase } from './test-database';
import { GOOD_PASSWORD, signIn, signUp, uniqueEmail } from './test-server';

const CLI_ENTRY = path.resolve(import.meta.dirname, '../src/cli/admin.ts');

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});
async function database(): Promise<TestDatabase> {
  const db = await createTestDatabase();
  cleanups.push(() => db.drop());
  return db;
}
async function server(env: Record<string, string>) {
  const s = await spawnServer(env);
  cleanups.push(() => s.stop());
  return s;
}

describe('the server as a process', () => {
  it('exits naming the variable when the environment is bad, and touches nothing', async () => {
    const { code, output } = await runToExit(SERVER_ENTRY, { PORT: 'seventy', DATA_DIR: '/nonexistent/never-created' });
    expect(code).toBe(1);
    expect(output).toContain('PORT');
    const redis = await runToExit(SERVER_ENTRY, { REDIS_URL: 'http://not-redis', DATA_DIR: '/nonexistent/never-created' });
    expect(redis.code).toBe(1);
    expect(redis.output).toContain('REDIS_URL');
  });

  it('refuses production without real email/SMS providers', async () => {
    const { code, output } = await runToExit(SERVER_ENTRY, { NODE_ENV: 'production', DATA_DIR: '/nonexistent/never-created' });
    expect(code).toBe(1);
    expect(output).toContain('SMTP_URL');
    expect(output).toContain('TWILIO_ACCOUNT_SID');
  });
});

// The embedded mode only: PGlite's DATA_DIR lock and durability across a clean shutdown.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('embedded DATA_DIR', () => {
  it('a second process on a locked DATA_DIR exits with a clear message and the first keeps serving', async () => {
    const db = await database();
    const first = await server({ DATA_DIR: db.env.DATA_DIR });
    const client = new TestClient(first.url);
    const { email } = await signUp(client);

    const second = await runToExit(SERVER_ENTRY, { DATA_DIR: db.env.DATA_DIR, PORT: '0' });
    expect(second.code).toBe(1);
    expect(second.output).toContain('is in use by another OpenRide process');

    expect((await signIn(new TestClient(first.url), email)).status).toBe(200);
    // Two process starts: CI's 2-core machine under a full run took more than the api project's 30 s.
  }, 90_000);

  it('SIGTERM shuts down cleanly and everything committed is there after a restart', async () => {
    const db = await database();
    const first = await spawnServer({ DATA_DIR: db.env.DATA_DIR });
    const client = new TestClient(first.url);
    const { email } = await signUp(client, { full_name: 'Durable Dana' });
    await client.patch('/api/profiles/me', { push_token: 'device-token-0177' });
    expect(await first.stop('SIGTERM')).toBe(0);
    expect(first.output()).toContain('stopped cleanly');

    const again = await server({ DATA_DIR: db.env.DATA_DIR });
    const back = new TestClient(again.url);
    expect((await signIn(back, email)).status).toBe(200);
    expect((await back.get('/api/me')).body.profile).toMatchObject({ full_name: 'Durable Dana', push_token: 'device-token-0177' });
  }, 90_000);

  it('`npm run admin -- create` creates an admin, then promotes an existing user', async () => {
    const db = await database();
    const created = await runToExit(CLI_ENTRY, { DATA_DIR: db.env.DATA_DIR, LOG_LEVEL: 'warn' }, [
      'create',
      '--email',
      'chief@openride.test',
      '--password',
      GOOD_PASSWORD,
    ]);
    expect(created.output).toContain('Created admin chief@openride.test');
    expect(created.code).toBe(0);
    const adminPath = /Admin panel: \S+?(\/[0-9a-f]{24})/.exec(created.output)![1];

    const s = await server({ DATA_DIR: db.env.DATA_DIR });
    const rider = new TestClient(s.url);
    const riderEmail = uniqueEmail('promote');
    await signUp(rider, { email: riderEmail });
    expect((await rider.get('/api/me')).body.isAdmin).toBe(false);
    await s.stop();

    const promoted = await runToExit(CLI_ENTRY, { DATA_DIR: db.env.DATA_DIR, LOG_LEVEL: 'warn' }, [
      'create',
      '--email',
      riderEmail,
      '--password',
      'ignored-Passw0rd',
    ]);
    expect(promoted.output).toContain(`Promoted ${riderEmail} to admin.`);

    const s2 = await server({ DATA_DIR: db.env.DATA_DIR });
    const admin = new TestClient(s2.url);
    await signIn(admin, riderEmail);
    expect((await admin.get('/api/me')).body.adminPath).toBe(adminPath);
    expect((await admin.get('/api/me')).body.staff).toMatchObject({ role: 'owner', city_ids: null });
    await s2.stop();

    // grant gives a role and cities (decision 0089); revoke takes the console away.
    const env = { DATA_DIR: db.env.DATA_DIR, LOG_LEVEL: 'warn' };
    const granted = await runToExit(CLI_ENTRY, env, ['grant', '--email', riderEmail, '--role', 'support', '--cities', 'sf']);
    expect(granted.output).toContain(`${riderEmail} is support of sf.`);
    expect(granted.code).toBe(0);
    const s3 = await server({ DATA_DIR: db.env.DATA_DIR });
    const agent = new TestClient(s3.url);
    await signIn(agent, riderEmail);
    expect((await agent.get('/api/me')).body.staff).toMatchObject({ role: 'support', city_ids: ['sf'] });
    expect((await agent.get('/api/admin/finance/dashboard')).body.error.code).toBe('STAFF_PERMISSION_REQUIRED');
    await s3.stop();
    const revoked = await runToExit(CLI_ENTRY, env, ['revoke', '--email', riderEmail]);
    expect(revoked.output).toContain(`${riderEmail} is off the staff.`);
    const nobody = await runToExit(CLI_ENTRY, env, ['grant', '--email', 'nobody@openride.test', '--role', 'finance']);
    expect(nobody.code).toBe(1);
    expect(nobody.output).toContain('No account has the email nobody@openride.test');

    const bad = await runToExit(CLI_ENTRY, { DATA_DIR: db.env.DATA_DIR }, ['create', '--email', 'x@y.z']);
    expect(bad.code).toBe(2);
    expect(bad.output).toContain('Usage: npm run admin -- create --email EMAIL --password PASSWORD');
    const badRole = await runToExit(CLI_ENTRY, { DATA_DIR: db.env.DATA_DIR }, ['grant', '--email', riderEmail, '--role', 'janitor']);
    expect(badRole.code).toBe(2);
    // Nine process starts (four of them servers): more than the api project's 30 s on a busy 2-core machine.
  }, 150_000);

  it('`npm run admin -- reset-password` prints a single-use link for an admin locked out of email, and refuses a non-admin', async () => {
    const db = await database();
    const created = await runToExit(CLI_ENTRY, { DATA_DIR: db.env.DATA_DIR, LOG_LEVEL: 'warn' }, [
      'create',
      '--email',
      'lockedout@openride.test',
      '--password',
      GOOD_PASSWORD,
    ]);
    expect(created.code).toBe(0);
    const printed = await runToExit(CLI_ENTRY, { DATA_DIR: db.env.DATA_DIR, LOG_LEVEL: 'warn' }, ['reset-password', '--email', 'lockedout@openride.test']);
    expect(printed.code).toBe(0);
    const link = new URL(/https?:\/\/\S+\/reset-admin-password\?token=\S+/.exec(printed.output)![0]);
    const stranger = await runToExit(CLI_ENTRY, { DATA_DIR: db.env.DATA_DIR, LOG_LEVEL: 'warn' }, ['reset-password', '--email', 'stranger@openride.test']);
    expect(stranger.code).toBe(1);
    expect(stranger.output).toContain('stranger@openride.test is not an administrator here.');

    const s = await server({ DATA_DIR: db.env.DATA_DIR });
    const client = new TestClient(s.url);
    const reset = await client.post('/api/admin-password-reset/confirm', { token: link.searchParams.get('token'), password: 'Cli-Reset-Pass5' });
    expect(reset.status).toBe(200);
    expect((await signIn(new TestClient(s.url), 'lockedout@openride.test', 'Cli-Reset-Pass5')).status).toBe(200);
    expect((await client.post('/api/admin-password-reset/confirm', { token: link.searchParams.get('token'), password: 'Cli-Reset-Pass6' })).status).toBe(400);
  }, 150_000);

  it("`npm run admin -- reset-2fa` resets a staff member's two-factor sign-in (a lost device), with the server stopped", async () => {
    const db = await database();
    const email = 'twofactor-owner@openride.test';
    const s = await server({ DATA_DIR: db.env.DATA_DIR, ADMIN_EMAIL: email, ADMIN_PASSWORD: GOOD_PASSWORD, STAFF_2FA: 'roles' });
    const owner = new TestClient(s.url);
    expect((await signIn(owner, email)).status).toBe(200);
    expect((await owner.get('/api/admin/staff')).body.error.code).toBe('TWO_FACTOR_ENROLMENT_REQUIRED');
    const { secret } = (await owner.post('/api/staff-two-factor/enrolment', {})).body;
    expect((await owner.post('/api/staff-two-factor/enrolment/confirm', { code: await generate({ secret }) })).status).toBe(200);
    expect((await owner.get('/api/admin/staff')).status).toBe(200);
    await s.stop();

    const env = { DATA_DIR: db.env.DATA_DIR, LOG_LEVEL: 'warn' };
    const reset = await runToExit(CLI_ENTRY, env, ['reset-2fa', '--email', email]);
    expect(reset.code).toBe(0);
    expect(reset.output).toContain(`${email}'s two-factor sign-in is reset`);
    // Nothing left to reset: the first one took the secret, the recovery codes and the sessions' second factor.
    const again = await runToExit(CLI_ENTRY, env, ['reset-2fa', '--email', email]);
    expect(again.output).toContain(`${email} has no two-factor sign-in.`);
    const nobody = await runToExit(CLI_ENTRY, env, ['reset-2fa', '--email', 'nobody@openride.test']);
    expect(nobody.code).toBe(1);
  }, 150_000);
});
