import { createECDH, randomBytes } from 'node:crypto';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PUSH_SUBSCRIPTIONS_PER_USER } from '../src/notifications/save-push-subscription';
import type { TestClient } from './http-client';
import { recordingPushSender } from './recording-push-sender';
import { GOOD_PASSWORD, signIn, signUp, startTestServer, type TestServer } from './test-server';

const ADMIN_EMAIL = 'push-admin@openride.test';
let server: TestServer;
let admin: TestClient;
const push = recordingPushSender();
beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAIL, ADMIN_PASSWORD: GOOD_PASSWORD }, { pushSender: push.sender });
  admin = server.client();
  await signIn(admin, ADMIN_EMAIL);
});
afterAll(() => server?.stop());

let n = 0;
const subscription = (host = 'fcm.googleapis.com') => ({
  endpoint: `https://${host}/fcm/send/test-${Date.now()}-${n++}`,
  expirationTime: null,
  keys: { p256dh: createECDH('prime256v1').generateKeys('base64url'), auth: randomBytes(16).toString('base64url') },
});
const subscribe = (client: TestClient, sub: unknown) => client.post('/api/push/subscriptions', sub);
const unsubscribe = (client: TestClient, endpoint: string) => client.request('/api/push/subscriptions', { method: 'DELETE', json: { endpoint } });
const subscriptionsOf = (userId: string) =>
  server.services.db.selectFrom('push_subscriptions').select(['endpoint', 'user_id']).where('user_id', '=', userId).execute();

async function newUser() {
  const client = server.client();
  await signUp(client);
  return { client, id: (await client.get('/api/me')).body.user.id as string };
}

async function pendingDriver(client: TestClient) {
  const res = await client.post('/api/drivers', {
    full_name: 'Push Driver',
    phone: '4155550160',
    license_number: 'PD1',
    vehicle_make: 'Kia',
    vehicle_model: 'Niro',
    vehicle_year: 2022,
    vehicle_color: 'White',
    license_plate: 'PUSH1',
  });
  return res.body.driver.id as string;
}

describe('push configuration', () => {
  it('gives anyone the VAPID public key, generated once and kept', async () => {
    const res = await server.client().get('/api/push/config');
    expect(res.status).toBe(200);
    expect(res.body.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const stored = await server.services.db.selectFrom('app_settings').select('value').where('key', '=', 'vapid_keys').executeTakeFirstOrThrow();
    expect(JSON.parse(stored.value).publicKey).toBe(res.body.publicKey);
  });

  it('uses VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when given', async () => {
    const keys = webpush.generateVAPIDKeys();
    const other = await startTestServer({
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: 'https://openride.example/contact',
    });
    try {
      expect((await other.client().get('/api/push/config')).body).toEqual({ publicKey: keys.publicKey });
    } finally {
      await other.stop();
    }
  });
});

describe('push subscriptions', () => {
  it('subscribes the signed-in caller, once per endpoint', async () => {
    const { client, id } = await newUser();
    const sub = subscription();
    const res = await subscribe(client, sub);
    expect(res.status).toBe(201);
    expect(res.body.subscription).toMatchObject({ endpoint: sub.endpoint });
    expect((await subscribe(client, sub)).status).toBe(201);
    expect(await subscriptionsOf(id)).toEqual([{ endpoint: sub.endpoint, user_id: id }]);
  });

  it('refuses visitors (401), endpoints that are not a browser push service or not https (400)', async () => {
    expect((await subscribe(server.client(), subscription())).status).toBe(401);
    expect((await unsubscribe(server.client(), 'https://fcm.googleapis.com/x')).status).toBe(401);
    const { client, id } = await newUser();
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/x',
      'https://169.254.169.254/latest',
      'https://localhost/x',
      'https://evil.example/fcm.googleapis.com',
      'https://fcm.googleapis.com.evil.example/x',
      'not a url',
    ]) {
      const res = await subscribe(client, { ...subscription(), endpoint });
      expect(res.status, endpoint).toBe(400);
    }
    expect((await subscribe(client, { endpoint: subscription().endpoint })).status).toBe(400);
    expect((await subscribe(client, { ...subscription(), keys: { p256dh: 'short', auth: 'x' } })).status).toBe(400);
    expect(await subscriptionsOf(id)).toEqual([]);
    expect((await subscribe(client, subscription('updates.push.services.mozilla.com'))).status).toBe(201);
    expect((await subscribe(client, subscription('web.push.apple.com'))).status).toBe(201);
  });

  it("unsubscribes only the caller's own subscription", async () => {
    const alice = await newUser();
    const mallory = await newUser();
    const sub = subscription();
    await subscribe(alice.client, sub);
    const hijack = await unsubscribe(mallory.client, sub.endpoint);
    expect(hijack).toMatchObject({ status: 200, body: { deleted: 0 } });
    expect(await subscriptionsOf(alice.id)).toHaveLength(1);
    expect((await unsubscribe(alice.client, sub.endpoint)).body).toEqual({ deleted: 1 });
    expect(await subscriptionsOf(alice.id)).toEqual([]);
  });

  it("refuses to move another account's endpoint to the caller (409 PUSH_ENDPOINT_TAKEN), leaving it with its owner", async () => {
    const alice = await newUser();
    const mallory = await newUser();
    const sub = subscription();
    await subscribe(alice.client, sub);
    const stored = () =>
      server.services.db.selectFrom('push_subscriptions').select(['user_id', 'p256dh', 'auth']).where('endpoint', '=', sub.endpoint).execute();
    const before = await stored();

    // Mallory learnt Alice's endpoint and sends it with keys of her own, then with Alice's.
    const takeover = await subscribe(mallory.client, { ...sub, keys: subscription().keys });
    expect(takeover.status).toBe(409);
    expect(takeover.body.error.code).toBe('PUSH_ENDPOINT_TAKEN');
    expect((await subscribe(mallory.client, sub)).body.error.code).toBe('PUSH_ENDPOINT_TAKEN');

    expect(await stored()).toEqual(before);
    expect(before).toEqual([{ user_id: alice.id, p256dh: sub.keys.p256dh, auth: sub.keys.auth }]);
    expect(await subscriptionsOf(mallory.id)).toEqual([]);
    // Alice re-sending her own subscription is still fine, and Mallory's own browser subscribes as usual.
    expect((await subscribe(alice.client, sub)).status).toBe(201);
    expect((await subscribe(mallory.client, subscription())).status).toBe(201);
  });

  it(`keeps a user's newest ${MAX_PUSH_SUBSCRIPTIONS_PER_USER} subscriptions`, async () => {
    const { client, id } = await newUser();
    const subs = Array.from({ length: MAX_PUSH_SUBSCRIPTIONS_PER_USER + 2 }, () => subscription());
    for (const sub of subs) await subscribe(client, sub);
    const kept = (await subscriptionsOf(id)).map((s) => s.endpoint);
    expect(kept).toHaveLength(MAX_PUSH_SUBSCRIPTIONS_PER_USER);
    expect(kept).toContain(subs.at(-1)!.endpoint);
    expect(kept).not.toContain(subs[0]!.endpoint);
  });
});

describe('pushes follow notifications', () => {
  it("an approval pushes the notification to each of the applicant's devices, and to nobody else", async () => {
    const applicant = await newUser();
    const bystander = await newUser();
    const phone = subscription();
    const laptop = subscription('updates.push.services.mozilla.com');
    await subscribe(applicant.client, phone);
    await subscribe(applicant.client, laptop);
    await subscribe(bystander.client, subscription());
    const driverId = await pendingDriver(applicant.client);
    const before = push.sent.length;

    expect((await admin.post(`/api/admin/drivers/${driverId}/verification`, { status: 'approved' })).status).toBe(200);
    await server.services.push.idle();

    const sent = push.sent.slice(before);
    expect(sent.map((s) => s.target.endpoint).sort()).toEqual([phone.endpoint, laptop.endpoint].sort());
    for (const s of sent) {
      expect(s.payload).toEqual({
        title: 'Driver Application Approved',
        body: "You're approved to drive. Go online from your dashboard whenever you're ready.",
      });
    }
    expect(sent.find((s) => s.target.endpoint === phone.endpoint)!.target.keys).toEqual(phone.keys);
  });

  it('forgets a subscription the push service says is gone (410), keeps one that merely failed, and the request never fails', async () => {
    const applicant = await newUser();
    const gone = subscription();
    const flaky = subscription();
    await subscribe(applicant.client, gone);
    await subscribe(applicant.client, flaky);
    push.answer(gone.endpoint, 'gone');
    push.answer(flaky.endpoint, Object.assign(new Error('push service unavailable'), { statusCode: 503 }));
    const driverId = await pendingDriver(applicant.client);

    const res = await admin.post(`/api/admin/drivers/${driverId}/verification`, { status: 'rejected', reason: 'Missing documents' });
    expect(res.status).toBe(200);
    await server.services.push.idle();

    const delivered = push.sent.filter((s) => s.target.endpoint === gone.endpoint);
    expect(delivered.at(-1)!.payload).toEqual({
      title: 'Driver Application Not Approved',
      body: 'Your driver application was not approved: Missing documents',
    });
    expect((await subscriptionsOf(applicant.id)).map((s) => s.endpoint)).toEqual([flaky.endpoint]);
  });
});
