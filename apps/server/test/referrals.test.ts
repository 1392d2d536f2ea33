import { REFERRAL_CODE_PATTERN } from '@openride/shared/referrals/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { trialBalance } from '../src/ledger/ledger';
import { inTransaction } from '../src/lib/transaction';
import { qualifyReferralsForRide } from '../src/referrals/qualify-referrals';
import { createECDH, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { TestClient } from './http-client';
import { recordingPushSender } from './recording-push-sender';
import { type RideSuite, useRideSuite } from './ride-suite';
import { openSocket } from './socket-client';
import { approvedDriverOf, FERRY_BUILDING, newUser, nextOffer, north, onlineDriver, type OnlineDriver, UNION_SQUARE } from './ride-actors';
import type { TestServer } from './test-server';
import { grantStaff } from '../src/roles/staff.repo';

/**
 * Referrals (issue 16, decision 0064): every rider and driver has a code; a new account claims one at sign-up;
 * the rider program credits both wallets after the new rider's first completed ride, the driver program pays
 * the referrer a bonus after the new driver's Nth ride within D days of approval. Exactly once per referee,
 * never when the two share a phone, a card or a device, never after the referral expired.
 */
let server: TestServer;
let admin: TestClient;
let rides: RideSuite['rides'];
const push = recordingPushSender();
useRideSuite('Referral Rhea', (suite) => ({ server, admin, rides } = suite), { pushSender: push.sender });
// Many rides from one driver make San Francisco surge, and a request without a quote is then refused: surge is
// not this file's subject, so it stays at 1.0×.
beforeAll(async () => expect((await admin.post('/api/admin/surge/freeze', { city_id: 'sf', frozen: true })).status).toBe(200));

const db = () => server.services.db;
const TEST_CARD = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: '123' };
const device = (n: number) => ({ 'x-device-id': `test-device-${String(n).padStart(8, '0')}` });

const me = async (client: TestClient, headers: Record<string, string> = {}) => {
  const res = await client.request('/api/referrals/me', { headers });
  expect(res.status).toBe(200);
  return res.body as {
    codes: { program: string; code: string; link_path: string }[];
    referred: { id: string; name: string; status: string; rides_done: number; rides_required: number; reward_cents: number | null }[];
    rewards: { currency: string; cents: number; count: number }[];
    can_claim: boolean;
  };
};
const codeOf = async (client: TestClient, program: 'rider' | 'driver' = 'rider', headers: Record<string, string> = {}) =>
  (await me(client, headers)).codes.find((c) => c.program === program)!.code;
const claim = (client: TestClient, code: string, headers: Record<string, string> = {}) =>
  client.request('/api/referrals/claim', { method: 'POST', json: { code }, headers });
const referralOf = (refereeId: string) => db().selectFrom('referrals').selectAll().where('referee_id', '=', refereeId).executeTakeFirstOrThrow();
const rewardTxns = (referralId: string) =>
  db().selectFrom('ledger_transactions').selectAll().where('idempotency_key', '=', `referral:${referralId}:reward`).execute();
const entriesOf = (transactionId: string) =>
  db()
    .selectFrom('ledger_entries')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
    .select(['ledger_accounts.code', 'ledger_accounts.owner_id', 'ledger_entries.line', 'ledger_entries.amount_cents'])
    .where('transaction_id', '=', transactionId)
    .orderBy('ledger_entries.amount_cents', 'desc')
    .execute()
    .then((rows) => rows.map((r) => ({ ...r, amount_cents: Number(r.amount_cents) })));
/** The reward notifications a person has (kind payment, opening /referrals). */
const rewardNotices = (userId: string) =>
  db()
    .selectFrom('notifications')
    .select(['title', 'message', 'kind', 'link', 'type'])
    .where('user_id', '=', userId)
    .where('link', '=', '/referrals')
    .orderBy('created_at')
    .execute();
let endpoints = 0;
/** A Web Push subscription for `client`; its endpoint names what the recording sender received. */
async function subscribePush(client: TestClient) {
  const endpoint = `https://fcm.googleapis.com/fcm/send/referrals-${Date.now()}-${endpoints++}`;
  const keys = { p256dh: createECDH('prime256v1').generateKeys('base64url'), auth: randomBytes(16).toString('base64url') };
  expect((await client.post('/api/push/subscriptions', { endpoint, expirationTime: null, keys })).status).toBeLessThan(300);
  return endpoint;
}
const pushedTo = (endpoint: string) => push.sent.filter((p) => p.target.endpoint === endpoint).map((p) => (p.payload as { title: string }).title);
const walletOf = async (client: TestClient) => ((await client.get('/api/payments/history')).body.balances as { wallet_cents: number }[])[0]?.wallet_cents ?? 0;

/** A referrer and a new rider who claimed their code. */
async function referredPair(name: string, headers: { referrer?: Record<string, string>; referee?: Record<string, string> } = {}) {
  const referrer = await newUser(server, `${name} Referrer`);
  const code = await codeOf(referrer.client, 'rider', headers.referrer);
  const referee = await newUser(server, `${name} Newcomer`);
  const res = await claim(referee.client, code, headers.referee);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { referrer, referee, code, referralId: res.body.referral.id as string };
}

describe('codes and share links', () => {
  it('gives every rider one short code, the same on every read, with its /auth?ref= link; an approved driver a driver code too', async () => {
    const rider = await newUser(server, 'Cody Code');
    const first = await me(rider.client);
    expect(first.codes).toHaveLength(1);
    expect(first.codes[0]).toMatchObject({ program: 'rider', link_path: `/auth?ref=${first.codes[0]!.code}` });
    expect(first.codes[0]!.code).toMatch(REFERRAL_CODE_PATTERN);
    expect(first.referred).toEqual([]);
    expect(first.can_claim).toBe(true);
    expect((await me(rider.client)).codes[0]!.code).toBe(first.codes[0]!.code);

    const driver = await approvedDriverOf(server, admin, 'Drew Code');
    const codes = (await me(driver.client)).codes;
    expect(codes.map((c) => c.program).sort()).toEqual(['driver', 'rider']);
    expect(new Set(codes.map((c) => c.code)).size).toBe(2);
    expect((await server.client().get('/api/referrals/me')).status).toBe(401);
  });
});

describe('claiming a code at sign-up', () => {
  it('refuses one’s own code, a second claim, an unknown or malformed code, and a visitor; nothing is written', async () => {
    const referrer = await newUser(server, 'Selma Self');
    const code = await codeOf(referrer.client);
    const self = await claim(referrer.client, code);
    expect(self.status).toBe(409);
    expect(self.body.error.code).toBe('REFERRAL_SELF');
    expect(await db().selectFrom('referrals').select('id').where('referee_id', '=', referrer.id).execute()).toEqual([]);

    const referee = await newUser(server, 'Noah New');
    expect((await claim(referee.client, 'ZZZZ2222')).status).toBe(404);
    for (const bad of ['', 'short', 'O0O0O0O0', 'ABCDEFGHJ']) expect((await claim(referee.client, bad)).status, bad).toBe(400);
    expect((await referee.client.post('/api/referrals/claim', { code, extra: 1 })).status).toBe(400);
    expect((await claim(server.client(), code)).status).toBe(401);

    // Typed in lower case with a dash, as a person might.
    const first = await claim(referee.client, `${code.slice(0, 4).toLowerCase()}-${code.slice(4)}`);
    expect(first.status).toBe(201);
    expect(first.body.referral).toMatchObject({ program: 'rider', status: 'pending' });
    const other = await newUser(server, 'Otto Other');
    const second = await claim(referee.client, await codeOf(other.client));
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe('REFERRAL_ALREADY_CLAIMED');
    expect((await claim(referee.client, code)).body.error.code).toBe('REFERRAL_ALREADY_CLAIMED');
    expect((await me(referee.client)).can_claim).toBe(false);
    expect(await db().selectFrom('referrals').select(['referrer_id']).where('referee_id', '=', referee.id).execute()).toEqual([{ referrer_id: referrer.id }]);
    const listed = (await me(referrer.client)).referred;
    expect(listed).toEqual([expect.objectContaining({ name: 'Noah N.', status: 'pending', rides_done: 0, rides_required: 1 })]);
  });

  it('two claims at once by the same new account: exactly one is taken', async () => {
    const a = await newUser(server, 'Race Alpha');
    const b = await newUser(server, 'Race Beta');
    const referee = await newUser(server, 'Race Newcomer');
    const [codeA, codeB] = [await codeOf(a.client), await codeOf(b.client)];
    const answers = await Promise.all([claim(referee.client, codeA), claim(referee.client, codeB), claim(referee.client, codeA)]);
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of answers.filter((x) => x.status !== 201)) expect(r.body.error.code).toBe('REFERRAL_ALREADY_CLAIMED');
    expect(await db().selectFrom('referrals').select('id').where('referee_id', '=', referee.id).execute()).toHaveLength(1);
  });

  it('is closed to an account older than 24 hours, to a rider who already rode, and while the program is off', async () => {
    const referrer = await newUser(server, 'Willa Window');
    const code = await codeOf(referrer.client);
    const old = await newUser(server, 'Olga Old');
    await db()
      .updateTable('user')
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where('id', '=', old.id)
      .execute();
    const late = await claim(old.client, code);
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('REFERRAL_CLAIM_CLOSED');
    expect((await me(old.client)).can_claim).toBe(false);

    const rode = await rides.riderWithRide('Rory Rode');
    expect((await claim(rode.client, code)).body.error.code).toBe('REFERRAL_CLAIM_CLOSED');

    await db().updateTable('referral_programs').set({ enabled: false }).where('program', '=', 'rider').execute();
    try {
      const off = await newUser(server, 'Otis Off');
      expect((await claim(off.client, code)).body.error.code).toBe('REFERRAL_CLAIM_CLOSED');
    } finally {
      await db().updateTable('referral_programs').set({ enabled: true }).where('program', '=', 'rider').execute();
    }
    expect(await db().selectFrom('referrals').select('id').where('referrer_id', '=', referrer.id).execute()).toEqual([]);
  });
});

describe('the rider program', () => {
  it('credits both wallets once, after the new rider’s first completed ride: one ledger transaction, shown on /referrals', async () => {
    const { referrer, referee, referralId } = await referredPair('Paula');
    expect(await rewardTxns(referralId)).toEqual([]);
    const firstRide = await rides.complete(referee.client);

    const referral = await referralOf(referee.id);
    expect(referral).toMatchObject({
      status: 'rewarded',
      ride_id: firstRide,
      referrer_reward_cents: 500,
      referee_reward_cents: 500,
      currency: 'USD',
      flag_reason: null,
    });
    const txns = await rewardTxns(referralId);
    expect(txns).toHaveLength(1);
    expect(txns[0]).toMatchObject({
      kind: 'referral.reward',
      ride_id: null,
      city_id: 'sf',
      currency: 'USD',
      memo: expect.objectContaining({ ride_id: firstRide, referral_id: referralId }),
    });
    expect(await entriesOf(txns[0]!.id)).toEqual([
      { code: 'referrals', owner_id: null, line: 'referral_reward', amount_cents: 1000 },
      expect.objectContaining({ code: 'rider_wallet', line: 'wallet_credit', amount_cents: -500 }),
      expect.objectContaining({ code: 'rider_wallet', line: 'wallet_credit', amount_cents: -500 }),
    ]);
    expect(
      (await entriesOf(txns[0]!.id))
        .filter((e) => e.code === 'rider_wallet')
        .map((e) => e.owner_id)
        .sort(),
    ).toEqual([referrer.id, referee.id].sort());
    expect(await walletOf(referrer.client)).toBe(500);
    expect(await walletOf(referee.client)).toBe(500);
    // The referrer's payment history names the reward, and never the friend's ride (its route is not theirs).
    const history = (await referrer.client.get('/api/payments/history')).body.items as { kind: string; amount_cents: number; ride: unknown }[];
    expect(history).toEqual([expect.objectContaining({ kind: 'referral_reward', amount_cents: 500, methods: ['wallet'], ride: null })]);

    // A second ride (paid partly by that credit) pays nothing more.
    await rides.complete(referee.client);
    expect(await rewardTxns(referralId)).toHaveLength(1);
    expect(await walletOf(referrer.client)).toBe(500);

    const page = await me(referrer.client);
    expect(page.referred).toEqual([expect.objectContaining({ name: 'Paula N.', status: 'rewarded', rides_done: 1, rides_required: 1, reward_cents: 500 })]);
    expect(page.rewards).toEqual([{ currency: 'USD', cents: 500, count: 1 }]);
    expect((await me(referee.client)).rewards).toEqual([{ currency: 'USD', cents: 500, count: 1 }]);
    expect((await trialBalance(db())).balanced).toBe(true);

    // Each was told once, in the completion's transaction, with a link to /referrals (not again after ride two).
    expect(await rewardNotices(referrer.id)).toEqual([
      {
        title: 'Referral reward',
        message: 'Paula N. took their first ride: $5.00 of ride credit is in your wallet.',
        kind: 'payment',
        link: '/referrals',
        type: 'success',
      },
    ]);
    expect(await rewardNotices(referee.id)).toEqual([
      expect.objectContaining({ title: 'Referral reward', kind: 'payment', link: '/referrals', message: expect.stringContaining('$5.00') }),
    ]);
  });

  it('tells both live when the reward lands (bell and open tabs), and a push only to whom Payments pushes are on', async () => {
    const { referrer, referee } = await referredPair('Nora');
    const [referrerEndpoint, refereeEndpoint] = [await subscribePush(referrer.client), await subscribePush(referee.client)];
    const off = await referrer.client.put('/api/account/notification-preferences', { changes: [{ kind: 'payments', channel: 'push', enabled: false }] });
    expect(off.status).toBe(200);
    const socket = await openSocket(referrer.client, server.url);
    try {
      await rides.complete(referee.client);
      const event = await socket.next((f) => f.type === 'event' && f.event === 'notification.changed');
      expect(event).toMatchObject({ channel: `user:${referrer.id}`, data: { op: 'insert' } });
    } finally {
      socket.close();
    }
    const bell = (await referrer.client.get('/api/notifications')).body as { title: string }[] | { notifications: { title: string }[] };
    expect(JSON.stringify(bell)).toContain('Referral reward');
    expect((await referrer.client.get('/api/notifications/all?kind=payment')).body.items).toEqual([
      expect.objectContaining({ title: 'Referral reward', link: '/referrals' }),
    ]);
    await server.services.push.idle();
    expect(pushedTo(refereeEndpoint)).toContain('Referral reward');
    expect(pushedTo(referrerEndpoint)).not.toContain('Referral reward');
  });

  it('pays exactly once when the qualification runs twice at once and again after (a racing completion, a repeated job)', async () => {
    const { referrer, referee, referralId } = await referredPair('Rachel');
    // The ride completes while the referral is held aside, then the qualification is run by hand: three times,
    // two of them at once, as two racing completions or a job run twice would.
    await db().updateTable('referrals').set({ status: 'qualified' }).where('id', '=', referralId).execute();
    const rideId = await rides.complete(referee.client);
    await db().updateTable('referrals').set({ status: 'pending', qualified_at: null, ride_id: null }).where('id', '=', referralId).execute();
    const ride = await db().selectFrom('rides').selectAll().where('id', '=', rideId).executeTakeFirstOrThrow();
    const runs = await Promise.all([0, 1].map(() => inTransaction(db(), (trx) => qualifyReferralsForRide(trx, server.services, ride))));
    const again = await inTransaction(db(), (trx) => qualifyReferralsForRide(trx, server.services, ride));
    expect(runs.flat().filter((o) => o.status === 'rewarded')).toHaveLength(1);
    expect(again).toEqual([]);
    expect(await rewardTxns(referralId)).toHaveLength(1);
    expect(await walletOf(referrer.client)).toBe(500);
    expect(await walletOf(referee.client)).toBe(500);
  });

  it('expires after 90 days by default: a first ride after that pays nothing, and /referrals says expired', async () => {
    const { referrer, referee, referralId } = await referredPair('Ezra');
    const referral = await referralOf(referee.id);
    const days = (new Date(referral.expires_at).getTime() - new Date(referral.created_at).getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(90);
    await db()
      .updateTable('referrals')
      .set({ created_at: new Date(Date.now() - 91 * 86_400_000), expires_at: new Date(Date.now() - 86_400_000) })
      .where('id', '=', referralId)
      .execute();
    expect((await me(referrer.client)).referred[0]).toMatchObject({ status: 'expired' });
    await rides.complete(referee.client);
    expect(await referralOf(referee.id)).toMatchObject({ status: 'expired', rewarded_at: null });
    expect(await rewardTxns(referralId)).toEqual([]);
    expect(await walletOf(referrer.client)).toBe(0);
    expect(await walletOf(referee.client)).toBe(0);
  });
});

describe('fraud rules: flagged, never paid', () => {
  it('a phone number shared with the referrer', async () => {
    const { referrer, referee, referralId } = await referredPair('Phoebe');
    const phone = (await db().selectFrom('profiles').select('phone').where('id', '=', referrer.id).executeTakeFirstOrThrow()).phone;
    await db()
      .updateTable('profiles')
      // The same number typed another way: the referrer's is stored in E.164 (decision 0094), this one as (415) 555-0100.
      .set({ phone: phone!.replace(/^\+1(\d{3})(\d{3})(\d{4})$/, '($1) $2-$3') })
      .where('id', '=', referee.id)
      .execute();
    await rides.complete(referee.client);
    expect(await referralOf(referee.id)).toMatchObject({ status: 'flagged', flag_reason: 'shared_phone', rewarded_at: null });
    expect(await rewardTxns(referralId)).toEqual([]);
    expect(await walletOf(referrer.client)).toBe(0);
    expect(await walletOf(referee.client)).toBe(0);
  });

  it('a payment card shared with the referrer (same brand, last 4 and expiry)', async () => {
    const { referrer, referee, referralId } = await referredPair('Carla');
    for (const who of [referrer, referee]) expect((await who.client.post('/api/payments/cards', { test_card: TEST_CARD })).status).toBe(201);
    await rides.complete(referee.client);
    expect(await referralOf(referee.id)).toMatchObject({ status: 'flagged', flag_reason: 'shared_card' });
    expect(await rewardTxns(referralId)).toEqual([]);
  });

  it('a device shared with the referrer: flagged at the claim already, and the ride pays nothing', async () => {
    const { referrer, referee, referralId } = await referredPair('Devon', { referrer: device(1), referee: device(1) });
    expect(await referralOf(referee.id)).toMatchObject({ status: 'flagged', flag_reason: 'shared_device' });
    await rides.complete(referee.client);
    expect(await referralOf(referee.id)).toMatchObject({ status: 'flagged', flag_reason: 'shared_device', rewarded_at: null });
    expect(await rewardTxns(referralId)).toEqual([]);
    expect(await walletOf(referrer.client)).toBe(0);

    // Different devices are no reason to hold a referral.
    const clean = await referredPair('Dora', { referrer: device(2), referee: device(3) });
    expect(await referralOf(clean.referee.id)).toMatchObject({ status: 'pending', flag_reason: null });

    const flagged = (await admin.get('/api/admin/referrals?flagged=yes&limit=100')).body.items as { id: string; flag_reason: string }[];
    expect(flagged.find((r) => r.id === referralId)).toMatchObject({ flag_reason: 'shared_device' });
    expect(flagged.every((r) => r.flag_reason !== null)).toBe(true);
  });
});

describe('the driver program', () => {
  /** A full cash ride by `driver` for a new rider, from request to completion. */
  async function drive(driver: OnlineDriver, name: string) {
    const rider = await newUser(server, name);
    await driver.locate(north(UNION_SQUARE, 200));
    const booked = await rider.client.post('/api/rides', { pickup: UNION_SQUARE, destination: FERRY_BUILDING, ride_type: 'economy', payment_method: 'cash' });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const ride = booked.body.ride as { id: string; pin: string };
    await nextOffer(driver, ride.id);
    for (const step of ['accept', 'arrive']) expect((await driver.client.post(`/api/rides/${ride.id}/${step}`, {})).status).toBe(200);
    expect((await driver.client.post(`/api/rides/${ride.id}/start`, { pin: ride.pin })).status).toBe(200);
    expect((await driver.client.post(`/api/rides/${ride.id}/complete`, {})).status).toBe(200);
    return ride.id;
  }
  const setStatus = async (driver: OnlineDriver, status: 'offline' | 'available') =>
    expect((await driver.client.request(`/api/drivers/${driver.driverId}`, { method: 'PATCH', json: { status } })).status).toBe(200);
  const offline = async (driver: OnlineDriver) => {
    await setStatus(driver, 'offline');
    driver.socket.close();
  };

  it('pays the referring driver a bonus to their driver account after the new driver’s Nth ride within D days; not before, and not outside the window', async () => {
    const program = (await admin.get('/api/admin/referral-programs')).body.programs.find((p: { program: string }) => p.program === 'driver');
    const saved = await admin.put('/api/admin/referral-programs/driver', {
      enabled: true,
      referrer_reward_cents: 2500,
      referee_reward_cents: 0,
      rides_required: 2,
      within_days: 30,
      expiry_days: 90,
      version: program.version,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // The rider factory's driver stays off the road meanwhile, so every offer goes to the new driver.
    await setStatus(rides.driver(), 'offline');

    const referrer = await approvedDriverOf(server, admin, 'Ruth Recruiter');
    const code = await codeOf(referrer.client, 'driver');
    const recruit = await onlineDriver(server, admin, north(UNION_SQUARE, 200), 'Nina Newdriver');
    const claimed = await claim(recruit.client, code);
    expect(claimed.status).toBe(201);
    expect(claimed.body.referral.program).toBe('driver');
    const referralId = claimed.body.referral.id as string;

    await drive(recruit, 'Fare One');
    expect(await referralOf(recruit.id)).toMatchObject({ status: 'pending' });
    expect((await me(referrer.client)).referred[0]).toMatchObject({ status: 'pending', rides_done: 1, rides_required: 2 });
    const second = await drive(recruit, 'Fare Two');
    expect(await referralOf(recruit.id)).toMatchObject({ status: 'rewarded', ride_id: second, referrer_reward_cents: 2500, referee_reward_cents: 0 });
    const txns = await rewardTxns(referralId);
    expect(txns).toHaveLength(1);
    expect(await entriesOf(txns[0]!.id)).toEqual([
      { code: 'referrals', owner_id: null, line: 'referral_reward', amount_cents: 2500 },
      { code: 'driver', owner_id: referrer.driverId, line: 'referral_reward', amount_cents: -2500 },
    ]);
    expect(await rewardNotices(referrer.id)).toEqual([
      {
        title: 'Referral bonus',
        message: 'Nina N. completed their rides: your $25.00 bonus is paid with your next payout.',
        kind: 'payment',
        link: '/referrals',
        type: 'success',
      },
    ]);
    expect(await rewardNotices(recruit.id)).toEqual([]);
    await drive(recruit, 'Fare Three');
    expect(await rewardTxns(referralId)).toHaveLength(1);
    expect(await rewardNotices(referrer.id)).toHaveLength(1);
    await offline(recruit);

    // Approved 40 days ago: rides now fall outside the 30 days and never count.
    const late = await onlineDriver(server, admin, north(UNION_SQUARE, 200), 'Larry Latecomer');
    const lateClaim = await claim(late.client, code);
    expect(lateClaim.status).toBe(201);
    await db()
      .updateTable('drivers')
      .set({ reviewed_at: new Date(Date.now() - 40 * 86_400_000) })
      .where('id', '=', late.driverId)
      .execute();
    await drive(late, 'Fare Four');
    await drive(late, 'Fare Five');
    expect(await referralOf(late.id)).toMatchObject({ status: 'pending' });
    expect(await rewardTxns(lateClaim.body.referral.id)).toEqual([]);
    await offline(late);
    await setStatus(rides.driver(), 'available');
  });
});

describe('admins', () => {
  it('read and change the programs (validated, versioned, audited) and list every referral; the cost is a line of the financial dashboard', async () => {
    const before = (await admin.get('/api/admin/referral-programs')).body;
    const rider = before.programs.find((p: { program: string }) => p.program === 'rider');
    expect(rider).toMatchObject({ enabled: true, referrer_reward_cents: 500, referee_reward_cents: 500, expiry_days: 90 });
    const body = {
      enabled: true,
      referrer_reward_cents: 700,
      referee_reward_cents: 300,
      rides_required: 1,
      within_days: 90,
      expiry_days: 60,
      version: rider.version,
    };
    for (const bad of [
      { ...body, referrer_reward_cents: -1 },
      { ...body, referrer_reward_cents: 12.5 },
      { ...body, rides_required: 0 },
      { ...body, expiry_days: 0 },
      { ...body, within_days: 366 },
      { ...body, extra: true },
      { ...body, enabled: 'yes' },
    ]) {
      expect((await admin.put('/api/admin/referral-programs/rider', bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await admin.put('/api/admin/referral-programs/nobody', body)).status).toBe(400);
    // An empty city on a write is refused, never read as "the default program" (decision 0083).
    expect((await admin.put('/api/admin/referral-programs/rider?city=', body)).status).toBe(400);
    const audits = () => db().selectFrom('audit_log').selectAll().where('action', '=', 'referral_program.update').where('entity_id', '=', 'rider').execute();
    expect(await audits()).toEqual([]);
    const saved = await admin.put('/api/admin/referral-programs/rider', body);
    expect(saved.status).toBe(200);
    expect(saved.body.program).toMatchObject({ referrer_reward_cents: 700, referee_reward_cents: 300, expiry_days: 60, version: rider.version + 1 });
    const stale = await admin.put('/api/admin/referral-programs/rider', { ...body, referrer_reward_cents: 900 });
    expect(stale.status).toBe(409);
    const log = await audits();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      before: { referrer_reward_cents: 500, referee_reward_cents: 500, expiry_days: 90 },
      after: { referrer_reward_cents: 700, referee_reward_cents: 300, expiry_days: 60 },
    });

    // The new amounts pay the next referral; the dashboard's line is the sum of the `referrals` account.
    const { referee, referralId } = await referredPair('Newset');
    await rides.complete(referee.client);
    expect(await referralOf(referee.id)).toMatchObject({ status: 'rewarded', referrer_reward_cents: 700, referee_reward_cents: 300 });
    await admin.put('/api/admin/referral-programs/rider', {
      ...body,
      referrer_reward_cents: 500,
      referee_reward_cents: 500,
      expiry_days: 90,
      version: rider.version + 1,
    });

    const today = new Date().toISOString().slice(0, 10);
    const dashboard = (await admin.get(`/api/admin/finance/dashboard?city=sf&from=${today}&to=${today}&tz=UTC`)).body;
    const after = (await admin.get('/api/admin/referral-programs')).body;
    expect(dashboard.figures.referral_rewards).toBe(after.cost.find((c: { currency: string }) => c.currency === 'USD').cents);
    expect(dashboard.figures.referral_rewards).toBeGreaterThanOrEqual(1000);

    const list = (await admin.get('/api/admin/referrals?status=rewarded&program=rider&limit=100')).body;
    expect(list.items.find((r: { id: string }) => r.id === referralId)).toMatchObject({
      status: 'rewarded',
      referee_name: 'Newset Newcomer',
      referrer_name: 'Newset Referrer',
    });
    expect(list.items.every((r: { status: string }) => r.status === 'rewarded')).toBe(true);
    const csv = await admin.request('/api/admin/referrals?format=csv&flagged=yes');
    expect(csv.status).toBe(200);
    expect(String(csv.body)).toMatch(/^\uFEFF?Created,Program,Status,Flag/);
    expect((await admin.get('/api/admin/referrals?status=bogus')).status).toBe(400);
  });

  it('every admin route refuses a rider and a driver (403) and a visitor (401), and changes nothing', async () => {
    const rider = await newUser(server, 'Nosy Rider');
    const calls = (client: TestClient) => [
      client.get('/api/admin/referral-programs'),
      client.get('/api/admin/referrals'),
      client.get('/api/admin/referrals?format=csv'),
      client.get('/api/admin/referrals?flagged=yes'),
      client.put('/api/admin/referral-programs/rider', {
        enabled: false,
        referrer_reward_cents: 0,
        referee_reward_cents: 0,
        rides_required: 1,
        within_days: 1,
        expiry_days: 1,
        version: 1,
      }),
    ];
    for (const [client, status] of [
      [rider.client, 403],
      [rides.driver().client, 403],
      [server.client(), 401],
    ] as const) {
      for (const res of await Promise.all(calls(client))) expect(res.status).toBe(status);
    }
    expect((await db().selectFrom('referral_programs').select('enabled').where('program', '=', 'rider').executeTakeFirstOrThrow()).enabled).toBe(true);
  });
});

describe('admins review flagged referrals (decision 0069)', () => {
  const approve = (client: TestClient, id: string, note: unknown = 'Same household, checked by phone') =>
    client.post(`/api/admin/referrals/${id}/approve`, { note });
  const reject = (client: TestClient, id: string, note: unknown = 'Same person, two accounts') => client.post(`/api/admin/referrals/${id}/reject`, { note });
  const reviewAudits = (id: string) => db().selectFrom('audit_log').selectAll().where('entity_type', '=', 'referral').where('entity_id', '=', id).execute();
  /** A second administrator (the race needs two). */
  async function secondAdmin() {
    const other = await newUser(server, 'Second Admin');
    // Staff as an owner makes them (decision 0089): the console's role and a staff role together.
    await db()
      .transaction()
      .execute((trx) => grantStaff(trx, { userId: other.id, role: 'owner', cityIds: null, invitedBy: null }));
    return other.client;
  }
  /** A referral flagged at the claim (a shared device) whose new rider then took their first ride: it qualified, unpaid. */
  async function flaggedAndRidden(name: string, n: number) {
    const pair = await referredPair(name, { referrer: device(n), referee: device(n) });
    const rideId = await rides.complete(pair.referee.client);
    expect(await referralOf(pair.referee.id)).toMatchObject({ status: 'flagged', flag_reason: 'shared_device' });
    return { ...pair, rideId };
  }

  it('approving a flagged referral whose condition was met pays it now, once, under the automatic payment’s key, tells both, and is audited', async () => {
    const { referrer, referee, referralId, rideId } = await flaggedAndRidden('Abel', 100);
    const res = await approve(admin, referralId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.referral).toMatchObject({
      id: referralId,
      status: 'rewarded',
      flag_reason: 'shared_device',
      review: 'approved',
      review_note: 'Same household, checked by phone',
      reviewed_by_name: expect.any(String),
      ride_id: rideId,
      referrer_reward_cents: 500,
      referee_reward_cents: 500,
      currency: 'USD',
      city_id: 'sf',
    });
    const txns = await rewardTxns(referralId);
    expect(txns).toHaveLength(1);
    expect(txns[0]).toMatchObject({ kind: 'referral.reward', city_id: 'sf', currency: 'USD', ride_id: null });
    expect(await walletOf(referrer.client)).toBe(500);
    expect(await walletOf(referee.client)).toBe(500);
    expect(await rewardNotices(referrer.id)).toHaveLength(1);
    expect(await rewardNotices(referee.id)).toHaveLength(1);
    const audits = await reviewAudits(referralId);
    expect(audits).toEqual([
      expect.objectContaining({
        action: 'referral.approve',
        reason: 'Same household, checked by phone',
        before: { status: 'flagged', flag_reason: 'shared_device' },
        after: { status: 'rewarded', review: 'approved' },
      }),
    ]);

    // Decided once: approving or rejecting again is refused, and nothing moves; another ride pays nothing either.
    for (const again of [await approve(admin, referralId), await reject(admin, referralId)]) {
      expect(again.status).toBe(409);
      expect(again.body.error.code).toBe('REFERRAL_ALREADY_REVIEWED');
    }
    await rides.complete(referee.client);
    expect(await rewardTxns(referralId)).toHaveLength(1);
    expect(await walletOf(referrer.client)).toBe(500);
    expect(await reviewAudits(referralId)).toHaveLength(1);
    expect((await trialBalance(db())).balanced).toBe(true);
  });

  it('approving before the first ride lets the ride pay it (the fraud rules are not asked again); rejecting means never paid', async () => {
    const early = await referredPair('Bela', { referrer: device(101), referee: device(101) });
    expect(await referralOf(early.referee.id)).toMatchObject({ status: 'flagged' });
    const approved = await approve(admin, early.referralId, 'Known couple');
    expect(approved.status).toBe(200);
    expect(approved.body.referral).toMatchObject({ status: 'pending', review: 'approved', rewarded_at: null });
    expect(await rewardTxns(early.referralId)).toEqual([]);
    await rides.complete(early.referee.client);
    expect(await referralOf(early.referee.id)).toMatchObject({
      status: 'rewarded',
      review: 'approved',
      flag_reason: 'shared_device',
      referrer_reward_cents: 500,
    });
    expect(await rewardTxns(early.referralId)).toHaveLength(1);
    expect(await rewardNotices(early.referrer.id)).toHaveLength(1);

    const { referrer, referee, referralId } = await flaggedAndRidden('Cato', 102);
    const rejected = await reject(admin, referralId);
    expect(rejected.status).toBe(200);
    expect(rejected.body.referral).toMatchObject({ status: 'rejected', review: 'rejected', review_note: 'Same person, two accounts', rewarded_at: null });
    await rides.complete(referee.client);
    expect(await referralOf(referee.id)).toMatchObject({ status: 'rejected', rewarded_at: null });
    expect(await rewardTxns(referralId)).toEqual([]);
    expect(await walletOf(referrer.client)).toBe(0);
    expect(await rewardNotices(referrer.id)).toEqual([]);
    expect((await me(referrer.client)).referred[0]).toMatchObject({ status: 'rejected' });
    expect(await reviewAudits(referralId)).toEqual([expect.objectContaining({ action: 'referral.reject', reason: 'Same person, two accounts' })]);
    expect((await admin.get('/api/admin/referrals?status=rejected&limit=100')).body.items.map((r: { id: string }) => r.id)).toContain(referralId);
  });

  it('two admins approving at once pay once: one decides, the other is told it was decided', async () => {
    const other = await secondAdmin();
    const { referrer, referee, referralId } = await flaggedAndRidden('Dido', 103);
    const answers = await Promise.all([approve(admin, referralId), approve(other, referralId), approve(admin, referralId)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.error.code).toBe('REFERRAL_ALREADY_REVIEWED');
    expect(await rewardTxns(referralId)).toHaveLength(1);
    expect(await walletOf(referrer.client)).toBe(500);
    expect(await walletOf(referee.client)).toBe(500);
    expect(await rewardNotices(referrer.id)).toHaveLength(1);
    expect(await reviewAudits(referralId)).toHaveLength(1);

    // Approve and reject at once: exactly one of them stands.
    const race = await flaggedAndRidden('Enzo', 104);
    const both = await Promise.all([approve(other, race.referralId), reject(admin, race.referralId)]);
    expect(both.map((a) => a.status).sort()).toEqual([200, 409]);
    const decided = await referralOf(race.referee.id);
    expect(await rewardTxns(race.referralId)).toHaveLength(decided.review === 'approved' ? 1 : 0);
    expect(decided.status).toBe(decided.review === 'approved' ? 'rewarded' : 'rejected');
    expect(await reviewAudits(race.referralId)).toHaveLength(1);
  });

  it('is refused to a rider, a driver and a visitor, for a referral that is not flagged, without a note, or for no referral; nothing changes', async () => {
    const { referee, referralId } = await flaggedAndRidden('Fifi', 105);
    const rider = await newUser(server, 'Nosy Reviewer');
    for (const [client, status] of [
      [rider.client, 403],
      [rides.driver().client, 403],
      [server.client(), 401],
    ] as const) {
      expect((await approve(client, referralId)).status).toBe(status);
      expect((await reject(client, referralId)).status).toBe(status);
    }
    for (const bad of ['', '   ', 'x'.repeat(501), 42, null]) {
      const res = await approve(admin, referralId, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await admin.post(`/api/admin/referrals/${referralId}/approve`, { note: 'ok', extra: true })).status).toBe(400);
    expect((await approve(admin, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await approve(admin, 'not-a-referral')).status).toBe(404);
    expect(await referralOf(referee.id)).toMatchObject({ status: 'flagged', review: null, reviewed_at: null });
    expect(await rewardTxns(referralId)).toEqual([]);
    expect(await reviewAudits(referralId)).toEqual([]);

    const clean = await referredPair('Gus');
    for (const res of [await approve(admin, clean.referralId), await reject(admin, clean.referralId)]) {
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('REFERRAL_NOT_FLAGGED');
    }
    expect(await referralOf(clean.referee.id)).toMatchObject({ status: 'pending', review: null });
  });
});

describe('the programs per city (decision 0069)', () => {
  const programsOf = async (city?: string) => {
    const res = await admin.get(`/api/admin/referral-programs${city ? `?city=${city}` : ''}`);
    expect(res.status).toBe(200);
    return res.body as {
      programs: {
        program: string;
        city_id: string | null;
        own: boolean;
        currency: string | null;
        referrer_reward_cents: number;
        referee_reward_cents: number;
        expiry_days: number | null;
        version: number;
      }[];
      cities: { id: string; currency: string }[];
    };
  };
  const riderOf = async (city?: string) => (await programsOf(city)).programs.find((p) => p.program === 'rider')!;
  const body = (cents: [number, number], version: number) => ({
    enabled: true,
    referrer_reward_cents: cents[0],
    referee_reward_cents: cents[1],
    rides_required: 1,
    within_days: 90,
    version,
  });

  it('a city uses the default until it has its own; its own amounts and currency pay the referrals of people who first rode there', async () => {
    expect(
      (
        await admin.post('/api/admin/cities', {
          id: 'ref-lis',
          name: 'Lisbon',
          currency: 'EUR',
          timezone: 'Europe/Lisbon',
          center_lat: 38.72,
          center_lng: -9.14,
        })
      ).status,
    ).toBe(201);
    const all = await programsOf();
    expect(all.cities).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: 'sf', currency: 'USD' }), expect.objectContaining({ id: 'ref-lis', currency: 'EUR' })]),
    );
    const fallback = await riderOf();
    expect(fallback).toMatchObject({ city_id: null, own: true, currency: null, expiry_days: 90 });
    expect(await riderOf('sf')).toMatchObject({
      city_id: 'sf',
      own: false,
      currency: 'USD',
      version: 0,
      expiry_days: null,
      referrer_reward_cents: fallback.referrer_reward_cents,
    });

    const audits = () => db().selectFrom('audit_log').selectAll().where('action', '=', 'referral_program.update').where('entity_id', '=', 'rider:sf').execute();
    // Refused, nothing written: an expiry on a city, a stale version, an unknown city, a second first save.
    expect((await admin.put('/api/admin/referral-programs/rider?city=sf', { ...body([800, 200], 0), expiry_days: 30 })).status).toBe(400);
    expect((await admin.put('/api/admin/referral-programs/rider?city=sf', body([800, 200], 1))).status).toBe(409);
    expect((await admin.put('/api/admin/referral-programs/rider?city=atlantis', body([800, 200], 0))).status).toBe(404);
    expect((await admin.get('/api/admin/referral-programs?city=atlantis')).status).toBe(404);
    expect((await admin.put('/api/admin/referral-programs/rider', body([800, 200], fallback.version))).status).toBe(400);
    expect(await audits()).toEqual([]);
    const saved = await admin.put('/api/admin/referral-programs/rider?city=sf', body([800, 200], 0));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.program).toMatchObject({ city_id: 'sf', own: true, currency: 'USD', referrer_reward_cents: 800, referee_reward_cents: 200, version: 1 });
    expect((await admin.put('/api/admin/referral-programs/rider?city=sf', body([900, 900], 0))).status).toBe(409);
    expect(await audits()).toEqual([
      expect.objectContaining({ before: null, after: expect.objectContaining({ referrer_reward_cents: 800, referee_reward_cents: 200 }) }),
    ]);
    expect((await admin.put('/api/admin/referral-programs/rider?city=ref-lis', body([900, 400], 0))).status).toBe(200);
    expect(await riderOf()).toMatchObject({ referrer_reward_cents: fallback.referrer_reward_cents, version: fallback.version });

    try {
      // A first ride in San Francisco: its settings, in dollars.
      const sf = await referredPair('Hana');
      expect((await me(sf.referrer.client)).codes[0]).toMatchObject({ referrer_reward_cents: fallback.referrer_reward_cents, currency: null });
      await rides.complete(sf.referee.client);
      expect(await referralOf(sf.referee.id)).toMatchObject({
        status: 'rewarded',
        city_id: 'sf',
        referrer_reward_cents: 800,
        referee_reward_cents: 200,
        currency: 'USD',
      });
      expect(await rewardNotices(sf.referrer.id)).toEqual([expect.objectContaining({ message: expect.stringContaining('$8.00') })]);

      // A new rider whose first ride was in Lisbon (moved there in the database: the test city has no drivers)
      // is paid with Lisbon's settings, in euros, whatever city a later ride is in.
      const lis = await flaggedInLisbon();
      const approved = await admin.post(`/api/admin/referrals/${lis.referralId}/approve`, { note: 'Checked' });
      expect(approved.status, JSON.stringify(approved.body)).toBe(200);
      expect(approved.body.referral).toMatchObject({
        status: 'rewarded',
        city_id: 'ref-lis',
        referrer_reward_cents: 900,
        referee_reward_cents: 400,
        currency: 'EUR',
      });
      const txns = await rewardTxns(lis.referralId);
      expect(txns).toEqual([expect.objectContaining({ city_id: 'ref-lis', currency: 'EUR' })]);
      expect(await entriesOf(txns[0]!.id)).toEqual([
        { code: 'referrals', owner_id: null, line: 'referral_reward', amount_cents: 1300 },
        expect.objectContaining({ code: 'rider_wallet', amount_cents: -400 }),
        expect.objectContaining({ code: 'rider_wallet', amount_cents: -900 }),
      ]);
      expect(await rewardNotices(lis.referee.id)).toEqual([expect.objectContaining({ message: expect.stringContaining('€4.00') })]);
      expect((await me(lis.referrer.client)).rewards).toEqual([{ currency: 'EUR', cents: 900, count: 1 }]);
      expect((await trialBalance(db())).balanced).toBe(true);
    } finally {
      await db().deleteFrom('referral_programs').where('city_id', 'is not', null).execute();
    }
  });

  /** A flagged referral (shared device) whose new rider's first completed ride is in Lisbon. */
  async function flaggedInLisbon() {
    const pair = await referredPair('Ines', { referrer: device(200), referee: device(200) });
    const rideId = await rides.complete(pair.referee.client);
    await sql`update rides set city_id = 'ref-lis' where id = ${rideId}`.execute(db());
    return pair;
  }

  it('the per-city settings are refused to a rider, a driver and a visitor', async () => {
    const rider = await newUser(server, 'Nosy Citizen');
    for (const [client, status] of [
      [rider.client, 403],
      [rides.driver().client, 403],
      [server.client(), 401],
    ] as const) {
      expect((await client.get('/api/admin/referral-programs?city=sf')).status).toBe(status);
      expect((await client.put('/api/admin/referral-programs/rider?city=sf', body([1, 1], 0))).status).toBe(status);
    }
    expect(await db().selectFrom('referral_programs').select('program').where('city_id', '=', 'sf').execute()).toEqual([]);
  });
});
