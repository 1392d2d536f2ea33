import { PHONE_CONFLICT_MESSAGE } from '@openride/shared/profiles/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './http-client';
import { GOOD_PASSWORD, signIn, signUp, startTestServer, type TestServer, uniqueEmail, uniquePhone, uniqueSpanishPhone } from './test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const check = (client: TestClient, check_phone: string, exclude_user_id: string | null) =>
  client.post('/api/rpc/check_phone_conflict', { check_phone, exclude_user_id });
const formatted = (d: string) => `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
const conflict = [{ conflict_message: PHONE_CONFLICT_MESSAGE }];

describe('RPC check_phone_conflict', () => {
  it("reports another account's phone however either side is typed, signed out with exclude_user_id null", async () => {
    const phone = uniquePhone();
    await signUp(server.client(), { phone: formatted(phone) });
    const visitor = server.client();
    expect(await check(visitor, phone, null)).toMatchObject({ status: 200, body: conflict });
    expect((await check(visitor, `+1 ${phone.slice(0, 3)}.${phone.slice(3, 6)}.${phone.slice(6)}`, null)).body).toEqual(conflict);
    expect((await check(visitor, uniquePhone(), null)).body).toEqual([]);
    expect((await check(visitor, '', null)).body).toEqual([]);
  });

  it('finds a +34 duplicate however it is typed, with its country or in E.164 (decision 0094)', async () => {
    const national = uniqueSpanishPhone();
    const spaced = national.replace(/(\d{3})(\d{2})(\d{2})(\d{2})/, '$1 $2 $3 $4');
    const signup = await server.client().post('/api/functions/auth-with-rate-limit', {
      action: 'signup',
      email: uniqueEmail(),
      password: GOOD_PASSWORD,
      options: { data: { full_name: 'Lucía Rider', phone: spaced, country: 'ES' } },
    });
    expect(signup.status).toBe(200);
    const visitor = server.client();
    const checkIn = (check_phone: string, country?: string) => visitor.post('/api/rpc/check_phone_conflict', { check_phone, country, exclude_user_id: null });
    expect((await checkIn(`+34${national}`)).body).toEqual(conflict);
    expect((await checkIn(`+34 ${spaced}`)).body).toEqual(conflict);
    expect((await checkIn(spaced, 'ES')).body).toEqual(conflict);
    // The same 9 digits are not a US number's, and another Spanish number is free.
    expect((await checkIn(national)).body).toEqual([]);
    expect((await checkIn(uniqueSpanishPhone(), 'ES')).body).toEqual([]);
    // A second sign-up with the number, typed in E.164, is refused with the conflict message.
    const again = await server.client().post('/api/functions/auth-with-rate-limit', {
      action: 'signup',
      email: uniqueEmail(),
      password: GOOD_PASSWORD,
      options: { data: { full_name: 'Copy Cat', phone: `+34${national}` } },
    });
    expect(again.status).toBe(409);
    expect(JSON.stringify(again.body)).toContain(PHONE_CONFLICT_MESSAGE);
  });

  it('still finds a phone stored before migration 0051, as typed then (10 digits, +1 …)', async () => {
    const [plain, plus] = [uniquePhone(), uniquePhone()];
    const old: Array<[string, string]> = [
      [plain, formatted(plain)],
      [plus, `+1 ${formatted(plus)}`],
    ];
    for (const [phone, stored] of old) {
      const owner = server.client();
      await signUp(owner, { phone });
      const id = (await owner.get('/api/me')).body.user.id as string;
      await server.services.db.updateTable('profiles').set({ phone: stored }).where('id', '=', id).execute();
      expect((await check(server.client(), `+1${phone}`, null)).body).toEqual(conflict);
      expect((await check(server.client(), phone, null)).body).toEqual(conflict);
    }
  });

  it("is no conflict with the caller's own phone when they exclude themselves", async () => {
    const phone = uniquePhone();
    const owner = server.client();
    await signUp(owner, { phone });
    const ownerId = (await owner.get('/api/me')).body.user.id;
    expect((await check(owner, formatted(phone), ownerId)).body).toEqual([]);
    // Without excluding, the phone is held (by them).
    expect((await check(owner, phone, null)).body).toEqual(conflict);
  });

  it("refuses to exclude someone else's account (403), signed in or not", async () => {
    const phone = uniquePhone();
    const alice = server.client();
    await signUp(alice, { phone });
    const aliceId = (await alice.get('/api/me')).body.user.id;
    const mallory = server.client();
    await signUp(mallory);

    const asMallory = await check(mallory, phone, aliceId);
    expect(asMallory.status).toBe(403);
    expect(asMallory.body.error.code).toBe('FORBIDDEN');
    expect(JSON.stringify(asMallory.body)).not.toContain(PHONE_CONFLICT_MESSAGE);
    expect((await check(server.client(), phone, aliceId)).status).toBe(403);
  });

  it('refuses a malformed body with 400', async () => {
    const res = await server.client().post('/api/rpc/check_phone_conflict', { check_phone: 4155550100 });
    expect(res.status).toBe(400);
  });
});

describe('sign-up enforces the phone rule itself', () => {
  it('refuses a phone another account holds with 409 phone_conflict and creates nothing', async () => {
    const phone = uniquePhone();
    await signUp(server.client(), { phone });
    const email = uniqueEmail('taken-phone');
    const client = server.client();
    const res = await signUp(client, { email, phone: formatted(phone) });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ data: null, error: { message: PHONE_CONFLICT_MESSAGE, code: 'phone_conflict' } });
    expect(client.cookies.size).toBe(0);
    const user = await server.services.db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirst();
    expect(user).toBeUndefined();
    expect((await signIn(server.client(), email)).body.error.code).toBe('invalid_credentials');
  });

  it('the profile update cannot change the phone (400, nothing changes): only a code sent to the new number can', async () => {
    const client = server.client();
    await signUp(client, { phone: uniquePhone() });
    const { phone } = (await client.get('/api/profiles/me')).body;
    expect(phone).toBeTruthy();
    const refused = await client.patch('/api/profiles/me', { phone: uniquePhone() });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain('Account settings');
    expect((await client.get('/api/profiles/me')).body.phone).toBe(phone);
    // The way that works, and its conflict rule, are account-settings.test.ts's.
  });
});
