import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, trialBalance } from '../src/ledger/ledger';
import { refundPayment } from '../src/payments/settle-payment';
import { stripeProvider } from '../src/payments/stripe-provider';
import { fakeStripe } from './fake-stripe';
import type { TestClient } from './http-client';
import { adminOf, ADMIN_ENV, GOLDEN_GATE_PARK, newUser, nextOffer, north, onlineDriver, type OnlineDriver, serveTheWholeBay } from './ride-actors';
import { startTestServer, type TestServer } from './test-server';

/**
 * Card payments through Stripe (issue 13, decision 0038). The real `stripe` client runs against an in-process
 * fake of exactly the endpoints the server uses, so what the server asks of Stripe (hold at request, capture at
 * completion, release on cancel, a tip's charge, a refund) is read off the wire; webhooks carry real
 * signatures from `stripe.webhooks.generateTestHeaderString`.
 */
const SECRET = 'sk_test_openridefake';
const PUBLISHABLE = 'pk_test_openridefake';
const WEBHOOK_SECRET = 'whsec_openridefakesecret';
const fake = fakeStripe();
const signer = new Stripe(SECRET);
let server: TestServer;
let admin: TestClient;

beforeAll(async () => {
  const api = await fake.listen();
  server = await startTestServer(ADMIN_ENV, {
    payments: stripeProvider({ secretKey: SECRET, publishableKey: PUBLISHABLE, webhookSecret: WEBHOOK_SECRET, api }),
    jobs: { queues: { 'payment-settle': { retryDelaySeconds: 1 }, 'card-refund': { retryDelaySeconds: 1 } } },
  });
  admin = await adminOf(server);
  await serveTheWholeBay(server);
});
afterAll(async () => {
  await server?.stop();
  await fake.close();
});

let spot = 0;
const area = () => ({ lat: 37.62 + (spot++ % 12) * 0.02, lng: -122.45 + Math.floor(spot / 12) * 0.05, label: `Corner ${spot}` });
const db = () => server.services.db;
const settled = () => server.services.jobs.idle(['payment-settle']);
const refundsSent = () => server.services.jobs.idle(['card-refund']);

/** What Elements does in the browser, then what the app posts: a SetupIntent, confirmed, saved. */
async function savedCard(rider: TestClient, card: { declines?: boolean; last4?: string } = {}) {
  const setup = await rider.post('/api/payments/cards/setup', {});
  expect(setup.status).toBe(200);
  expect(setup.body.client_secret).toMatch(/^seti_.+_secret_/);
  fake.confirmSetup(setup.body.setup_intent_id, card);
  const saved = await rider.post('/api/payments/cards', { setup_intent_id: setup.body.setup_intent_id });
  expect(saved.status).toBe(201);
  return saved.body.card as { id: string; last4: string };
}

async function bookByCard(rider: TestClient, cardId: string, pickup = area()) {
  return rider.post('/api/rides', { pickup, destination: GOLDEN_GATE_PARK, ride_type: 'economy', payment_method: 'card', payment_card_id: cardId });
}

async function driveToEnd(driver: OnlineDriver, ride: { id: string; pin: string }) {
  await nextOffer(driver, ride.id);
  for (const step of ['accept', 'arrive']) expect((await driver.client.post(`/api/rides/${ride.id}/${step}`, {})).status).toBe(200);
  expect((await driver.client.post(`/api/rides/${ride.id}/start`, { pin: ride.pin })).status).toBe(200);
  expect((await driver.client.post(`/api/rides/${ride.id}/complete`, {})).status).toBe(200);
}

const entriesOf = (rideId: string) =>
  db()
    .selectFrom('ledger_entries')
    .innerJoin('ledger_transactions', 'ledger_transactions.id', 'ledger_entries.transaction_id')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
    .select(['ledger_transactions.kind', 'ledger_accounts.code', 'ledger_entries.line', 'ledger_entries.amount_cents'])
    .where('ledger_transactions.ride_id', '=', rideId)
    .execute()
    .then((rows) => rows.map((r) => ({ ...r, amount_cents: Number(r.amount_cents) })));
const holdOf = (rideId: string) => db().selectFrom('payments').selectAll().where('ride_id', '=', rideId).where('purpose', '=', 'ride').executeTakeFirst();

function signed(payload: object, secret = WEBHOOK_SECRET) {
  const body = JSON.stringify(payload);
  return { body, header: signer.webhooks.generateTestHeaderString({ payload: body, secret }) };
}
/** As Stripe posts it: the raw JSON it signed, byte for byte. */
async function postWebhook(body: string, signature?: string) {
  const res = await fetch(`${server.url}/api/payments/stripe/webhook`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json; charset=utf-8', ...(signature ? { 'stripe-signature': signature } : {}) },
  });
  return { status: res.status, body: await res.json() };
}

describe('card payments through Stripe', () => {
  it('tells the browser which provider and publishable key to use', async () => {
    const config = (await server.client().get('/api/config')).body;
    expect(config.payments).toEqual({ provider: 'stripe', publishable_key: PUBLISHABLE, test_mode: true });
  });

  let completed: { rideId: string; fare: number; riderClient: TestClient; driverId: string };

  it('authorises the fare at request, captures it at completion and posts fare_card', async () => {
    const pickup = area();
    const driver = await onlineDriver(server, admin, north(pickup, 300), 'Carmen Card');
    const rider = await newUser(server, 'Cassidy Card');
    const card = await savedCard(rider.client);
    expect((await rider.client.get('/api/payments/cards')).body.cards).toEqual([
      expect.objectContaining({ id: card.id, brand: 'visa', last4: '4242', test_mode: false }),
    ]);

    const booked = await bookByCard(rider.client, card.id, pickup);
    expect(booked.status).toBe(201);
    const ride = booked.body.ride;
    expect(ride.payment_method).toBe('card');
    const [auth] = fake.callsTo('POST', /^\/v1\/payment_intents$/).filter((c) => c.params['metadata[ride_id]'] === ride.id);
    expect(auth).toMatchObject({
      idempotencyKey: `ride:${ride.id}:authorise`,
      params: expect.objectContaining({ amount: String(ride.fare_cents), currency: 'usd', capture_method: 'manual', confirm: 'true', off_session: 'true' }),
    });
    expect((await rider.client.get(`/api/rides/${ride.id}/payment`)).body.payment).toMatchObject({
      method: 'card',
      card: { brand: 'visa', last4: '4242' },
      authorisation: { amount_cents: ride.fare_cents, status: 'authorised' },
      paid: null,
    });

    await driveToEnd(driver, ride);
    driver.socket.close();
    await settled();
    const hold = (await holdOf(ride.id))!;
    expect(hold).toMatchObject({ status: 'captured', captured_cents: ride.fare_cents });
    const capture = fake.callsTo('POST', new RegExp(`^/v1/payment_intents/${hold.intent_ref}/capture$`));
    expect(capture).toHaveLength(1);
    expect(capture[0]).toMatchObject({ idempotencyKey: `payment:${hold.id}:capture`, params: { amount_to_capture: String(ride.fare_cents) } });
    expect(fake.intents.get(hold.intent_ref)).toMatchObject({ status: 'succeeded', amount_received: ride.fare_cents });

    const entries = await entriesOf(ride.id);
    expect(entries.filter((e) => e.line === 'fare_card')).toEqual([
      { kind: 'ride.completed', code: 'processor_clearing', line: 'fare_card', amount_cents: ride.fare_cents },
    ]);
    expect(entries.some((e) => e.line === 'fare_cash')).toBe(false);
    expect((await rider.client.get(`/api/rides/${ride.id}/payment`)).body.payment.paid).toEqual({
      card_cents: ride.fare_cents,
      wallet_cents: 0,
      cash_cents: 0,
    });
    expect((await trialBalance(db())).balanced).toBe(true);
    const row = await db().selectFrom('rides').select('driver_id').where('id', '=', ride.id).executeTakeFirstOrThrow();
    completed = { rideId: ride.id, fare: ride.fare_cents, riderClient: rider.client, driverId: row.driver_id! };
  });

  it('charges a tip to the same card, once, all of it to the driver', async () => {
    const { rideId, fare, riderClient, driverId } = completed;
    const before = await balanceOf(db(), { code: 'driver', owner: driverId }, 'USD');
    const tipped = await riderClient.post(`/api/rides/${rideId}/tip`, { percent: 15 });
    expect(tipped.status).toBe(201);
    const amount = Math.round(fare * 0.15);
    expect(tipped.body.tip).toMatchObject({ amount_cents: amount, method: 'card' });
    const charge = fake.callsTo('POST', /^\/v1\/payment_intents$/).filter((c) => c.idempotencyKey === `ride:${rideId}:tip`);
    expect(charge).toHaveLength(1);
    expect(charge[0]!.params).toMatchObject({ amount: String(amount), capture_method: 'automatic', confirm: 'true' });
    const tipLines = (await entriesOf(rideId)).filter((e) => e.kind === 'ride.tip');
    expect(tipLines).toEqual(
      expect.arrayContaining([
        { kind: 'ride.tip', code: 'processor_clearing', line: 'tip_card', amount_cents: amount },
        { kind: 'ride.tip', code: 'driver', line: 'tip', amount_cents: -amount },
      ]),
    );
    expect(await balanceOf(db(), { code: 'driver', owner: driverId }, 'USD')).toBe(before - amount);
    // The rider's receipt and history read the tip from the books: paid = fare + tip.
    const receipt = (await riderClient.get(`/api/rides/${rideId}/receipt`)).body.receipt;
    expect(receipt.money).toMatchObject({ tip_cents: amount, card_cents: fare, paid_cents: fare + amount });
    const history = (await riderClient.get('/api/payments/history')).body;
    expect(history.items.find((i: { kind: string; ride?: { id: string } }) => i.kind === 'tip' && i.ride?.id === rideId)).toMatchObject({
      amount_cents: -amount,
      methods: ['card'],
    });
    const again = await riderClient.post(`/api/rides/${rideId}/tip`, { amount_cents: 300 });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('TIP_EXISTS');
    expect(fake.callsTo('POST', /^\/v1\/payment_intents$/).filter((c) => c.idempotencyKey === `ride:${rideId}:tip`)).toHaveLength(1);
  });

  it("refunds a card ride to the card when an admin approves the rider's report, once, and never beyond what the card paid", async () => {
    const { rideId, fare, riderClient } = completed;
    const report = await riderClient.post(`/api/rides/${rideId}/refund-requests`, { reason: 'route_longer', amount_cents: 300, comment: 'A long way round.' });
    expect(report.status).toBe(201);
    const requestId = report.body.request.id as string;
    expect((await admin.get(`/api/admin/refund-requests/${requestId}`)).body.refund_to).toBe('card');
    // More than went on the card for the fare is refused by the card's own limit, and nothing moves.
    const tooMuch = await admin.post(`/api/admin/refund-requests/${requestId}/decision`, {
      action: 'approve_partial',
      bearer: 'platform',
      amount_cents: fare + 1,
    });
    expect(tooMuch.status).toBe(409);
    expect(fake.callsTo('POST', /^\/v1\/refunds$/)).toHaveLength(0);

    const approved = await admin.post(`/api/admin/refund-requests/${requestId}/decision`, { action: 'approve_partial', bearer: 'platform', amount_cents: 300 });
    expect(approved.status).toBe(200);
    expect(approved.body.request).toMatchObject({ status: 'approved', destination: 'card' });
    // The processor is asked after the decision committed, by the card-refund job.
    await refundsSent();
    const refunds = fake.callsTo('POST', /^\/v1\/refunds$/);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ idempotencyKey: `refund_request:${requestId}`, params: expect.objectContaining({ amount: '300' }) });
    const lines = (await entriesOf(rideId)).filter((e) => e.kind === 'refund');
    expect(lines).toEqual(
      expect.arrayContaining([
        { kind: 'refund', code: 'refunds', line: 'refund', amount_cents: 300 },
        { kind: 'refund', code: 'processor_clearing', line: 'refund', amount_cents: -300 },
      ]),
    );
    // Decided: a second approval is refused and asks nothing more of Stripe.
    expect(
      (await admin.post(`/api/admin/refund-requests/${requestId}/decision`, { action: 'approve_partial', bearer: 'platform', amount_cents: 300 })).status,
    ).toBe(409);
    expect(fake.callsTo('POST', /^\/v1\/refunds$/)).toHaveLength(1);
    await expect(refundPayment(server.services, rideId, 1_000_000, 'refund:too-much')).rejects.toThrow(/more than/);
    expect((await trialBalance(db())).balanced).toBe(true);
  });

  it('moves a card refund the processor refuses to the rider’s wallet: the card refund is reversed, nothing posts twice', async () => {
    const { rideId, fare, riderClient } = completed;
    const hold = (await holdOf(rideId))!;
    // The rest of the charge was refunded at Stripe meanwhile (its dashboard): Stripe refuses any more.
    fake.refunds.set('re_dashboard', { id: 're_dashboard', amount: fare - 300, payment_intent: hold.intent_ref });
    const report = await riderClient.post(`/api/rides/${rideId}/refund-requests`, { reason: 'driver_detour' });
    expect(report.status).toBe(201);
    const requestId = report.body.request.id as string;
    const approved = await admin.post(`/api/admin/refund-requests/${requestId}/decision`, { action: 'approve_partial', bearer: 'platform', amount_cents: 200 });
    expect(approved.status).toBe(200);
    expect(approved.body.request).toMatchObject({ status: 'approved', destination: 'card', refunded_cents: 200 });
    await refundsSent();
    expect(fake.callsTo('POST', /^\/v1\/refunds$/).filter((c) => c.idempotencyKey === `refund_request:${requestId}`)).toHaveLength(1);

    // The books: the card refund and its reversal (kind refund), then the same amount as wallet credit.
    const detail = (await admin.get(`/api/admin/refund-requests/${requestId}`)).body;
    expect(detail.request).toMatchObject({ status: 'approved', destination: 'wallet', refunded_cents: 200 });
    const lines = (await entriesOf(rideId)).filter((e) => e.kind === 'refund');
    const net = (code: string, line: string) => lines.filter((e) => e.code === code && e.line === line).reduce((sum, e) => sum + e.amount_cents, 0);
    expect(net('processor_clearing', 'refund')).toBe(-300); // only the first request's refund went back to the card
    expect(net('refunds', 'refund')).toBe(500);
    expect(net('rider_wallet', 'wallet_credit')).toBe(-200);
    const riderId = (await riderClient.get('/api/me')).body.user.id as string;
    expect(await balanceOf(db(), { code: 'rider_wallet', owner: riderId }, 'USD')).toBe(-200);
    const receipt = (await riderClient.get(`/api/rides/${rideId}/receipt`)).body.receipt;
    expect(receipt.money.refunded_cents).toBe(500);
    expect(receipt.money.refundable_cents).toBe(receipt.money.paid_cents - 500);
    // The receipt lists the card refund, its reversal and the wallet credit: 300 + 200 − 200 to the card, 200 to the wallet.
    const listed = receipt.money.refunds.map((r: { amount_cents: number; destination: string }) => `${r.amount_cents} ${r.destination}`);
    expect(listed.sort()).toEqual(['-200 card', '200 card', '200 wallet', '300 card']);
    const notices = await db().selectFrom('notifications').select('title').where('booking_id', '=', rideId).where('user_id', '=', riderId).execute();
    expect(notices.map((n) => n.title)).toContain('Refund moved to your wallet');
    expect((await trialBalance(db())).balanced).toBe(true);

    // The job run again posts, asks and tells nothing twice.
    const count = await db()
      .selectFrom('ledger_transactions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('ride_id', '=', rideId)
      .executeTakeFirstOrThrow();
    await server.services.jobs.send('card-refund', { refund_request_id: requestId, amount_cents: 200 });
    await refundsSent();
    expect(
      (
        await db()
          .selectFrom('ledger_transactions')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('ride_id', '=', rideId)
          .executeTakeFirstOrThrow()
      ).n,
    ).toBe(count.n);
    expect(fake.callsTo('POST', /^\/v1\/refunds$/).filter((c) => c.idempotencyKey === `refund_request:${requestId}`)).toHaveLength(1);
    expect(
      (await db().selectFrom('notifications').select('title').where('booking_id', '=', rideId).where('title', '=', 'Refund moved to your wallet').execute())
        .length,
    ).toBe(1);
  });

  it('releases the hold when the rider cancels, and posts nothing', async () => {
    const rider = await newUser(server, 'Rhea Release');
    const card = await savedCard(rider.client);
    const ride = (await bookByCard(rider.client, card.id)).body.ride;
    expect((await rider.client.post(`/api/rides/${ride.id}/cancel`, {})).status).toBe(200);
    await settled();
    const hold = (await holdOf(ride.id))!;
    expect(hold.status).toBe('released');
    expect(fake.callsTo('POST', new RegExp(`^/v1/payment_intents/${hold.intent_ref}/cancel$`))).toEqual([
      expect.objectContaining({ idempotencyKey: `payment:${hold.id}:release` }),
    ]);
    expect(fake.intents.get(hold.intent_ref)!.status).toBe('canceled');
    expect(await entriesOf(ride.id)).toEqual([]);
  });

  it('refuses a declined card with a clear error and creates nothing', async () => {
    const rider = await newUser(server, 'Dee Declined');
    const card = await savedCard(rider.client, { declines: true, last4: '0341' });
    const refused = await bookByCard(rider.client, card.id);
    expect(refused.status).toBe(402);
    expect(refused.body.error).toMatchObject({ code: 'CARD_DECLINED', message: 'Your card was declined.' });
    expect(await db().selectFrom('rides').select('id').where('rider_id', '=', rider.id).execute()).toEqual([]);
    expect((await rider.client.get('/api/notifications')).body).toEqual([]);
  });

  it("refuses another rider's card, and a card ride without a card", async () => {
    const owner = await newUser(server, 'Olive Owner');
    const card = await savedCard(owner.client);
    const thief = await newUser(server, 'Theo Thief');
    const before = fake.callsTo('POST', /^\/v1\/payment_intents$/).length;
    const refused = await bookByCard(thief.client, card.id);
    expect(refused.status).toBe(400);
    expect(
      (await thief.client.post('/api/rides', { pickup: area(), destination: GOLDEN_GATE_PARK, ride_type: 'economy', payment_method: 'card' })).status,
    ).toBe(400);
    expect(fake.callsTo('POST', /^\/v1\/payment_intents$/)).toHaveLength(before);
    expect(await db().selectFrom('rides').select('id').where('rider_id', '=', thief.id).execute()).toEqual([]);
    // Nor may they read another's ride payment or tip it.
    const ride = (await bookByCard(owner.client, card.id)).body.ride;
    expect((await thief.client.get(`/api/rides/${ride.id}/payment`)).status).toBe(404);
    expect((await thief.client.post(`/api/rides/${ride.id}/tip`, { percent: 10 })).status).toBe(404);
    expect((await owner.client.post(`/api/rides/${ride.id}/cancel`, {})).status).toBe(200);
  });

  it("captures a card rider's late-cancel fee from the hold (processor clearing, not owed)", async () => {
    const pickup = area();
    const driver = await onlineDriver(server, admin, north(pickup, 300), 'Fiona Fee');
    const rider = await newUser(server, 'Lena Late');
    const card = await savedCard(rider.client);
    const ride = (await bookByCard(rider.client, card.id, pickup)).body.ride;
    await nextOffer(driver, ride.id);
    expect((await driver.client.post(`/api/rides/${ride.id}/accept`, {})).status).toBe(200);
    // Past the free window, the driver not late: the city's default $5 late-cancel fee applies.
    await db()
      .updateTable('rides')
      .set({ accepted_at: new Date(Date.now() - 300_000), pickup_eta_at: new Date(Date.now() + 600_000) })
      .where('id', '=', ride.id)
      .execute();
    const cancelled = await rider.client.post(`/api/rides/${ride.id}/cancel`, {});
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.ride.cancellation_fee).toMatchObject({ amount_cents: 500, waived: false });
    driver.socket.close();
    await settled();
    const hold = (await holdOf(ride.id))!;
    expect(hold).toMatchObject({ status: 'captured', captured_cents: 500 });
    expect(fake.callsTo('POST', new RegExp(`^/v1/payment_intents/${hold.intent_ref}/capture$`))[0]!.params).toEqual({ amount_to_capture: '500' });
    const fee = (await entriesOf(ride.id)).filter((e) => e.kind === 'ride.cancellation_fee');
    expect(fee).toEqual(expect.arrayContaining([{ kind: 'ride.cancellation_fee', code: 'processor_clearing', line: 'cancellation_fee', amount_cents: 500 }]));
    expect(fee.some((e) => e.code === 'rider_owed')).toBe(false);
    // Paid already: the next quote carries nothing.
    const quote = await rider.client.post('/api/rides/quote', { pickup: area(), destination: GOLDEN_GATE_PARK });
    expect(quote.body.owed_fee_cents).toBe(0);
    expect((await trialBalance(db())).balanced).toBe(true);
  });
});

describe('failed captures and removed cards through Stripe (decision 0043)', () => {
  it('a hold Stripe dropped fails its capture once: the fare moves from processor clearing to what the rider owes, and the next quote shows it', async () => {
    const pickup = area();
    const driver = await onlineDriver(server, admin, north(pickup, 300), 'Xavi Expired');
    const rider = await newUser(server, 'Esme Expired');
    const card = await savedCard(rider.client);
    const ride = (await bookByCard(rider.client, card.id, pickup)).body.ride;
    const hold = (await holdOf(ride.id))!;
    fake.expireHold(hold.intent_ref);
    await driveToEnd(driver, ride);
    driver.socket.close();
    await settled();
    expect(await holdOf(ride.id)).toMatchObject({ status: 'failed', owed_cents: ride.fare_cents, captured_cents: 0 });
    // Refused for good (not retried): one capture call.
    expect(fake.callsTo('POST', new RegExp(`^/v1/payment_intents/${hold.intent_ref}/capture$`))).toHaveLength(1);
    const entries = await entriesOf(ride.id);
    expect(entries.filter((e) => e.code === 'processor_clearing').reduce((sum, e) => sum + e.amount_cents, 0)).toBe(0);
    expect(entries).toEqual(
      expect.arrayContaining([{ kind: 'payment.capture_failed', code: 'rider_owed', line: 'card_declined', amount_cents: ride.fare_cents }]),
    );
    expect(await balanceOf(db(), { code: 'rider_owed', owner: rider.id }, 'USD')).toBe(ride.fare_cents);
    expect((await rider.client.post('/api/rides/quote', { pickup: area(), destination: GOLDEN_GATE_PARK })).body.owed_fee_cents).toBe(ride.fare_cents);
    expect((await trialBalance(db())).balanced).toBe(true);
  });

  it('detaches a removed card at Stripe, once; another rider cannot remove it', async () => {
    const rider = await newUser(server, 'Dean Detach');
    const card = await savedCard(rider.client);
    const pm = (await db().selectFrom('payment_cards').select('provider_ref').where('id', '=', card.id).executeTakeFirstOrThrow()).provider_ref;
    const stranger = await newUser(server, 'Sid Stranger');
    expect((await stranger.client.delete(`/api/payments/cards/${card.id}`)).status).toBe(404);
    expect(fake.callsTo('POST', /^\/v1\/payment_methods\/[^/]+\/detach$/).filter((c) => c.path.includes(pm))).toEqual([]);
    expect((await rider.client.delete(`/api/payments/cards/${card.id}`)).status).toBe(200);
    expect(fake.callsTo('POST', new RegExp(`^/v1/payment_methods/${pm}/detach$`))).toEqual([
      expect.objectContaining({ idempotencyKey: `card:${card.id}:remove` }),
    ]);
    expect((await rider.client.get('/api/payments/cards')).body.cards).toEqual([]);
    const before = fake.callsTo('POST', /^\/v1\/payment_intents$/).length;
    expect((await bookByCard(rider.client, card.id)).status).toBe(400);
    expect(fake.callsTo('POST', /^\/v1\/payment_intents$/)).toHaveLength(before);
  });
});

describe('the Stripe webhook', () => {
  const payout = (id: string, amount: number) => ({
    id,
    object: 'event',
    type: 'payout.paid',
    api_version: '2024-06-20',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: `po_${id}`, object: 'payout', amount, currency: 'usd', status: 'paid' } },
  });

  it('refuses a wrong signature with 400 and changes nothing', async () => {
    const bank = await balanceOf(db(), { code: 'bank' }, 'USD');
    const { body } = signed(payout('evt_forged', 9999));
    const forged = signed(payout('evt_forged', 9999), 'whsec_someoneelse').header;
    const res = await postWebhook(body, forged);
    expect(res.status).toBe(400);
    expect((await postWebhook(body, 't=1,v1=deadbeef')).status).toBe(400);
    expect((await postWebhook(body)).status).toBe(400);
    // The signed body changed by one byte: refused too.
    const { body: real, header } = signed(payout('evt_tampered', 100));
    expect((await postWebhook(real.replace('"amount":100', '"amount":100000'), header)).status).toBe(400);
    expect(await db().selectFrom('payment_events').selectAll().execute()).toEqual([]);
    expect(await balanceOf(db(), { code: 'bank' }, 'USD')).toBe(bank);
  });

  it('handles an event delivered twice once: a payout posts to the bank once', async () => {
    const bank = await balanceOf(db(), { code: 'bank' }, 'USD');
    const clearing = await balanceOf(db(), { code: 'processor_clearing' }, 'USD');
    const { body, header } = signed(payout('evt_payout_1', 1234));
    const first = await postWebhook(body, header);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ received: true, duplicate: false });
    // Stripe redelivers the same bytes with a fresh signature (a new timestamp), as here.
    const second = await postWebhook(body, signer.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET }));
    expect(second.body).toEqual({ received: true, duplicate: true });
    expect(await balanceOf(db(), { code: 'bank' }, 'USD')).toBe(bank + 1234);
    expect(await balanceOf(db(), { code: 'processor_clearing' }, 'USD')).toBe(clearing - 1234);
    expect((await trialBalance(db())).balanced).toBe(true);
  });
});
