import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '../src/env';
import { balanceOf, post, trialBalance } from '../src/ledger/ledger';
import { paymentProviderOf } from '../src/payments/provider-of';
import { settlePayment } from '../src/payments/settle-payment';
import { testCardProvider } from '../src/payments/test-card-provider';
import type { TestClient } from './http-client';
import { adminOf, ADMIN_ENV, GOLDEN_GATE_PARK, newUser, nextOffer, north, onlineDriver, type OnlineDriver, serveTheWholeBay } from './ride-actors';
import { startTestServer, type TestServer } from './test-server';

/**
 * How riders pay outside production without Stripe (issue 13, decision 0038): the test card provider, wallet
 * credit applied first, tips by card, wallet or cash and their refusals, and the rule that the test provider
 * can never run in production.
 */
let server: TestServer;
let admin: TestClient;

beforeAll(async () => {
  server = await startTestServer(ADMIN_ENV, { jobs: { queues: { 'payment-settle': { retryDelaySeconds: 1 } } } });
  admin = await adminOf(server);
  await serveTheWholeBay(server);
});
afterAll(() => server?.stop());

let spot = 0;
const area = () => ({ lat: 37.62 + (spot++ % 12) * 0.02, lng: -122.45 + Math.floor(spot / 12) * 0.05, label: `Corner ${spot}` });
const db = () => server.services.db;
const nextYear = new Date().getUTCFullYear() + 1;
const TEST_CARD = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: nextYear, cvc: '123' };

const entriesOf = (rideId: string) =>
  db()
    .selectFrom('ledger_entries')
    .innerJoin('ledger_transactions', 'ledger_transactions.id', 'ledger_entries.transaction_id')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
    .select(['ledger_transactions.kind', 'ledger_accounts.code', 'ledger_entries.line', 'ledger_entries.amount_cents'])
    .where('ledger_transactions.ride_id', '=', rideId)
    .execute()
    .then((rows) => rows.map((r) => ({ ...r, amount_cents: Number(r.amount_cents) })));
const line = (entries: Awaited<ReturnType<typeof entriesOf>>, name: string) => entries.filter((e) => e.line === name).reduce((s, e) => s + e.amount_cents, 0);

/** Wallet credit as a refund or a promotion gives it (another engineer builds those): a balanced posting. */
async function creditWallet(userId: string, cents: number) {
  await post(db(), {
    kind: 'wallet.credit',
    key: `test:credit:${userId}:${cents}:${Math.random()}`,
    currency: 'USD',
    entries: [
      { account: { code: 'promotions' }, line: 'wallet_credit', amount_cents: cents },
      { account: { code: 'rider_wallet', owner: userId }, line: 'wallet_credit', amount_cents: -cents },
    ],
  });
}

async function completeRide(driver: OnlineDriver, ride: { id: string; pin: string }) {
  await nextOffer(driver, ride.id);
  for (const step of ['accept', 'arrive']) expect((await driver.client.post(`/api/rides/${ride.id}/${step}`, {})).status).toBe(200);
  expect((await driver.client.post(`/api/rides/${ride.id}/start`, { pin: ride.pin })).status).toBe(200);
  expect((await driver.client.post(`/api/rides/${ride.id}/complete`, {})).status).toBe(200);
}

/** A rider's ride booked with `extra` (method, card, wallet) and driven to completion by a fresh driver. */
async function completedRide(rider: { client: TestClient }, extra: Record<string, unknown>, name = 'Tina Tipped') {
  const pickup = area();
  const driver = await onlineDriver(server, admin, north(pickup, 300), name);
  const booked = await rider.client.post('/api/rides', { pickup, destination: GOLDEN_GATE_PARK, ride_type: 'economy', payment_method: 'cash', ...extra });
  expect(booked.status).toBe(201);
  await completeRide(driver, booked.body.ride);
  const row = await db().selectFrom('rides').selectAll().where('id', '=', booked.body.ride.id).executeTakeFirstOrThrow();
  return { ride: booked.body.ride as { id: string; fare_cents: number; wallet_cents: number }, driver, driverId: row.driver_id! };
}

describe('the test card provider', () => {
  it('is what /api/config offers outside production without Stripe, labelled test mode', async () => {
    expect((await server.client().get('/api/config')).body.payments).toEqual({ provider: 'test', publishable_key: null, test_mode: true });
  });

  it('has no Stripe webhook without Stripe: 404, whatever is posted', async () => {
    const res = await fetch(`${server.url}/api/payments/stripe/webhook`, {
      method: 'POST',
      body: '{"type":"payment_intent.succeeded"}',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
    });
    expect(res.status).toBe(404);
  });

  it('saves 4242 4242 4242 4242 and refuses other cards with the reason', async () => {
    const rider = await newUser(server, 'Tess Test');
    const saved = await rider.client.post('/api/payments/cards', { test_card: TEST_CARD });
    expect(saved.status).toBe(201);
    expect(saved.body.card).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: nextYear, test_mode: true });
    const declined = await rider.client.post('/api/payments/cards', { test_card: { ...TEST_CARD, number: '4000 0000 0000 0002' } });
    expect(declined.status).toBe(402);
    expect(declined.body.error).toMatchObject({ code: 'CARD_DECLINED', message: expect.stringContaining('declined') });
    const other = await rider.client.post('/api/payments/cards', { test_card: { ...TEST_CARD, number: '5555 5555 5555 4444' } });
    expect(other.status).toBe(402);
    expect(other.body.error.message).toContain('4242 4242 4242 4242');
    expect((await rider.client.post('/api/payments/cards', { test_card: { ...TEST_CARD, exp_year: 2020 } })).status).toBe(400);
    expect((await rider.client.post('/api/payments/cards', { test_card: { ...TEST_CARD, number: '4242 4242 4242 4241' } })).status).toBe(400);
    expect((await rider.client.post('/api/payments/cards', { test_card: { ...TEST_CARD, cvc: 'abc' } })).status).toBe(400);
    expect((await rider.client.post('/api/payments/cards', { setup_intent_id: 'seti_123' })).status).toBe(400);
    expect((await rider.client.post('/api/payments/cards/setup', {})).status).toBe(400);
    expect((await rider.client.get('/api/payments/cards')).body.cards).toHaveLength(1);
    // Cards are the owner's alone.
    const other2 = await newUser(server, 'Nosy Ned');
    expect((await other2.client.get('/api/payments/cards')).body.cards).toEqual([]);
  });

  it('refuses a card ride on a card that declines charges, and creates nothing', async () => {
    const rider = await newUser(server, 'Declan Declined');
    const card = (await rider.client.post('/api/payments/cards', { test_card: { ...TEST_CARD, number: '4000000000000341' } })).body.card;
    const refused = await rider.client.post('/api/rides', {
      pickup: area(),
      destination: GOLDEN_GATE_PARK,
      ride_type: 'economy',
      payment_method: 'card',
      payment_card_id: card.id,
    });
    expect(refused.status).toBe(402);
    expect(refused.body.error.code).toBe('CARD_DECLINED');
    expect(await db().selectFrom('rides').select('id').where('rider_id', '=', rider.id).execute()).toEqual([]);
  });

  it('releases the hold when no driver is found', async () => {
    const rider = await newUser(server, 'Nadia Nodriver');
    const card = (await rider.client.post('/api/payments/cards', { test_card: TEST_CARD })).body.card;
    const ride = (
      await rider.client.post('/api/rides', {
        pickup: area(),
        destination: GOLDEN_GATE_PARK,
        ride_type: 'economy',
        payment_method: 'card',
        payment_card_id: card.id,
      })
    ).body.ride;
    await db()
      .updateTable('rides')
      .set({ dispatch_deadline: new Date(Date.now() - 1000) })
      .where('id', '=', ride.id)
      .execute();
    server.services.dispatcher.kick(ride.id);
    await expect
      .poll(async () => (await db().selectFrom('rides').select('status').where('id', '=', ride.id).executeTakeFirstOrThrow()).status)
      .toBe('no_driver');
    await server.services.jobs.idle(['payment-settle']);
    expect((await db().selectFrom('payments').select('status').where('ride_id', '=', ride.id).executeTakeFirstOrThrow()).status).toBe('released');
    expect(await entriesOf(ride.id)).toEqual([]);
  });
});

describe('the test card provider is impossible in production', () => {
  const production = {
    NODE_ENV: 'production',
    SMTP_URL: 'smtp://mail.example.com',
    TWILIO_ACCOUNT_SID: 'AC1',
    TWILIO_AUTH_TOKEN: 't',
    TWILIO_FROM: '+14155550000',
    AUTH_SECRET: 'x'.repeat(32),
    PUBLIC_URL: 'https://ride.example.com',
  };

  it('refuses PAYMENTS_TEST_MODE at start-up in production, and builds no card provider there without Stripe', async () => {
    expect(() => parseEnv({ ...production, PAYMENTS_TEST_MODE: '1' })).toThrow(EnvError);
    expect(() => parseEnv({ ...production, PAYMENTS_TEST_MODE: '1' })).toThrow(/PAYMENTS_TEST_MODE: cannot be on in production/);
    expect(await paymentProviderOf(parseEnv(production))).toBeNull();
    expect(() => testCardProvider({ NODE_ENV: 'production' })).toThrow(/never runs in production/);
    const stripe = await paymentProviderOf(
      parseEnv({ ...production, STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_PUBLISHABLE_KEY: 'pk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' }),
    );
    expect(stripe).toMatchObject({ kind: 'stripe', testMode: false, publishableKey: 'pk_live_abc' });
  });

  it('wants the three Stripe keys together, and well formed', async () => {
    expect(() => parseEnv({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(/go together/);
    expect(() => parseEnv({ STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toThrow(
      /STRIPE_SECRET_KEY/,
    );
    expect(await paymentProviderOf(parseEnv({ PAYMENTS_TEST_MODE: '0' }))).toBeNull();
    expect((await paymentProviderOf(parseEnv({})))?.kind).toBe('test');
  });
});

describe('wallet credit, applied first', () => {
  it('pays part of a cash ride from the wallet (fare_wallet), the driver collects the rest', async () => {
    const rider = await newUser(server, 'Wanda Wallet');
    await creditWallet(rider.id, 300);
    expect((await rider.client.get('/api/payments/wallet')).body.wallets).toEqual([
      { currency: 'USD', balance_cents: 300, reserved_cents: 0, available_cents: 300, owed_cents: 0 },
    ]);
    const pickup = area();
    const driver = await onlineDriver(server, admin, north(pickup, 300), 'Walt Wheel');
    const booked = await rider.client.post('/api/rides', {
      pickup,
      destination: GOLDEN_GATE_PARK,
      ride_type: 'economy',
      payment_method: 'cash',
      use_wallet: true,
    });
    expect(booked.status).toBe(201);
    const ride = booked.body.ride;
    expect(ride.wallet_cents).toBe(300);
    expect((await rider.client.get('/api/payments/wallet')).body.wallets[0]).toMatchObject({ balance_cents: 300, reserved_cents: 300, available_cents: 0 });
    await completeRide(driver, ride);
    driver.socket.close();
    const entries = await entriesOf(ride.id);
    expect(entries).toEqual(expect.arrayContaining([{ kind: 'ride.completed', code: 'rider_wallet', line: 'fare_wallet', amount_cents: 300 }]));
    expect(line(entries, 'fare_cash')).toBe(ride.fare_cents - 300);
    expect((await rider.client.get('/api/payments/wallet')).body.wallets[0]).toMatchObject({ balance_cents: 0, reserved_cents: 0, available_cents: 0 });
    expect((await rider.client.get(`/api/rides/${ride.id}/payment`)).body.payment.paid).toEqual({
      card_cents: 0,
      wallet_cents: 300,
      cash_cents: ride.fare_cents - 300,
    });
    expect((await trialBalance(db())).balanced).toBe(true);
  });

  it('authorises the card for what the wallet leaves, and captures that (fare_wallet + fare_card)', async () => {
    const rider = await newUser(server, 'Carla Combo');
    await creditWallet(rider.id, 250);
    const card = (await rider.client.post('/api/payments/cards', { test_card: TEST_CARD })).body.card;
    const { ride } = await completedRide(rider, { payment_method: 'card', payment_card_id: card.id, use_wallet: true }, 'Cody Combo');
    await server.services.jobs.idle(['payment-settle']);
    const hold = await db().selectFrom('payments').selectAll().where('ride_id', '=', ride.id).executeTakeFirstOrThrow();
    expect(hold).toMatchObject({ amount_cents: ride.fare_cents - 250, captured_cents: ride.fare_cents - 250, status: 'captured' });
    const entries = await entriesOf(ride.id);
    expect(line(entries, 'fare_wallet')).toBe(250);
    expect(line(entries, 'fare_card')).toBe(ride.fare_cents - 250);
    expect(line(entries, 'fare_cash')).toBe(0);
  });

  it('uses no wallet unless asked', async () => {
    const rider = await newUser(server, 'Nell Nowallet');
    await creditWallet(rider.id, 200);
    const { ride } = await completedRide(rider, {}, 'Ned Nowallet');
    expect(ride.wallet_cents).toBe(0);
    expect(line(await entriesOf(ride.id), 'fare_wallet')).toBe(0);
    expect((await rider.client.get('/api/payments/wallet')).body.wallets[0].balance_cents).toBe(200);
  });
});

describe('tips', () => {
  it('records a cash tip: tip_cash and tip on the driver, who holds it', async () => {
    const rider = await newUser(server, 'Cash Tipper');
    const { ride, driverId, driver } = await completedRide(rider, {}, 'Cash Tipped');
    driver.socket.close();
    const before = await balanceOf(db(), { code: 'driver', owner: driverId }, 'USD');
    // Not by card: this ride was paid in cash.
    expect((await rider.client.post(`/api/rides/${ride.id}/tip`, { percent: 10, method: 'card' })).status).toBe(400);
    expect((await rider.client.post(`/api/rides/${ride.id}/tip`, { percent: 10, amount_cents: 100 })).status).toBe(400);
    const tipped = await rider.client.post(`/api/rides/${ride.id}/tip`, { amount_cents: 250 });
    expect(tipped.status).toBe(201);
    expect(tipped.body.tip).toMatchObject({ amount_cents: 250, method: 'cash' });
    const lines = (await entriesOf(ride.id)).filter((e) => e.kind === 'ride.tip');
    expect(lines).toEqual(
      expect.arrayContaining([
        { kind: 'ride.tip', code: 'driver', line: 'tip_cash', amount_cents: 250 },
        { kind: 'ride.tip', code: 'driver', line: 'tip', amount_cents: -250 },
      ]),
    );
    expect(await balanceOf(db(), { code: 'driver', owner: driverId }, 'USD')).toBe(before);
    expect((await rider.client.get(`/api/rides/${ride.id}/payment`)).body.payment).toMatchObject({
      tip: { amount_cents: 250, method: 'cash' },
      tip_methods: [],
    });
  });

  it('pays a tip from the wallet when the wallet paid the ride (tip_wallet)', async () => {
    const rider = await newUser(server, 'Wallet Tipper');
    await creditWallet(rider.id, 200);
    const { ride, driver } = await completedRide(rider, { use_wallet: true }, 'Wallet Tipped');
    driver.socket.close();
    await creditWallet(rider.id, 5000);
    expect((await rider.client.get(`/api/rides/${ride.id}/payment`)).body.payment.tip_methods).toEqual(['wallet', 'cash']);
    const tipped = await rider.client.post(`/api/rides/${ride.id}/tip`, { percent: 20 });
    expect(tipped.status).toBe(201);
    const amount = Math.round(ride.fare_cents * 0.2);
    expect(tipped.body.tip).toMatchObject({ amount_cents: amount, method: 'wallet' });
    expect(line(await entriesOf(ride.id), 'tip_wallet')).toBe(amount);
    expect((await rider.client.get('/api/payments/wallet')).body.wallets[0].balance_cents).toBe(5000 - amount);
  });

  it('charges a tip to the ride’s test card (tip_card)', async () => {
    const rider = await newUser(server, 'Card Tipper');
    const card = (await rider.client.post('/api/payments/cards', { test_card: TEST_CARD })).body.card;
    const { ride, driver } = await completedRide(rider, { payment_method: 'card', payment_card_id: card.id }, 'Card Tipped');
    driver.socket.close();
    const tipped = await rider.client.post(`/api/rides/${ride.id}/tip`, { percent: 15 });
    expect(tipped.body.tip).toMatchObject({ amount_cents: Math.round(ride.fare_cents * 0.15), method: 'card' });
    expect(line(await entriesOf(ride.id), 'tip_card')).toBe(Math.round(ride.fare_cents * 0.15));
    expect(
      await db()
        .selectFrom('payments')
        .select(['status', 'amount_cents'])
        .where('ride_id', '=', ride.id)
        .where('purpose', '=', 'tip')
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: 'captured', amount_cents: Math.round(ride.fare_cents * 0.15) });
  });

  it('refuses another rider, the driver, before completion, twice, too late, and more than the wallet holds', async () => {
    const rider = await newUser(server, 'Rule Rider');
    const stranger = await newUser(server, 'Stranger Stan');
    await creditWallet(rider.id, 100);
    // Before completion.
    const pickup = area();
    const driver = await onlineDriver(server, admin, north(pickup, 300), 'Rule Driver');
    const ride = (
      await rider.client.post('/api/rides', { pickup, destination: GOLDEN_GATE_PARK, ride_type: 'economy', payment_method: 'cash', use_wallet: true })
    ).body.ride;
    const early = await rider.client.post(`/api/rides/${ride.id}/tip`, { amount_cents: 100 });
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('RIDE_NOT_COMPLETED');
    await completeRide(driver, ride);
    // Another rider and the driver: as if the ride did not exist.
    expect((await stranger.client.post(`/api/rides/${ride.id}/tip`, { amount_cents: 100 })).status).toBe(404);
    expect((await driver.client.post(`/api/rides/${ride.id}/tip`, { amount_cents: 100 })).status).toBe(404);
    expect((await stranger.client.get(`/api/rides/${ride.id}/payment`)).status).toBe(404);
    driver.socket.close();
    // The wallet was spent on the ride: a wallet tip beyond it is refused.
    const poor = await rider.client.post(`/api/rides/${ride.id}/tip`, { amount_cents: 500, method: 'wallet' });
    expect(poor.status).toBe(409);
    expect(poor.body.error.code).toBe('WALLET_INSUFFICIENT');
    // Two at once: one tip.
    const both = await Promise.all([
      rider.client.post(`/api/rides/${ride.id}/tip`, { amount_cents: 150, method: 'cash' }),
      rider.client.post(`/api/rides/${ride.id}/tip`, { amount_cents: 150, method: 'cash' }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(both.find((r) => r.status === 409)!.body.error.code).toBe('TIP_EXISTS');
    const twice = await rider.client.post(`/api/rides/${ride.id}/tip`, { amount_cents: 150, method: 'cash' });
    expect(twice.body.error.code).toBe('TIP_EXISTS');
    expect((await entriesOf(ride.id)).filter((e) => e.kind === 'ride.tip')).toHaveLength(2);
    expect(await db().selectFrom('ledger_transactions').select('id').where('idempotency_key', '=', `ride:${ride.id}:tip`).execute()).toHaveLength(1);

    // More than 72 hours after the ride.
    const late = await completedRide(rider, {}, 'Late Driver');
    late.driver.socket.close();
    await db()
      .updateTable('rides')
      .set({ completed_at: new Date(Date.now() - 73 * 3600_000) })
      .where('id', '=', late.ride.id)
      .execute();
    const tooLate = await rider.client.post(`/api/rides/${late.ride.id}/tip`, { percent: 10 });
    expect(tooLate.status).toBe(409);
    expect(tooLate.body.error.code).toBe('TIP_WINDOW_CLOSED');
    expect((await trialBalance(db())).balanced).toBe(true);
  });
});

describe('a capture refused for good (decision 0043)', () => {
  const CAPTURE_FAILS = { ...TEST_CARD, number: '4000 0000 0000 9995' };
  const quoteOwed = async (client: TestClient) =>
    (await client.post('/api/rides/quote', { pickup: area(), destination: GOLDEN_GATE_PARK })).body.owed_fee_cents as number;
  const owedBalance = (userId: string) => balanceOf(db(), { code: 'rider_owed', owner: userId }, 'USD');

  it('owes the amount (rider_owed, not processor clearing), tells the rider, shows it on the quote, is owed again when the carrying ride is cancelled, and is paid by the next completed ride', async () => {
    const rider = await newUser(server, 'Cora Captured');
    const card = (await rider.client.post('/api/payments/cards', { test_card: CAPTURE_FAILS })).body.card;
    const { ride, driver } = await completedRide(rider, { payment_method: 'card', payment_card_id: card.id }, 'Dora Declined');
    driver.socket.close();
    await server.services.jobs.idle(['payment-settle']);
    const hold = await db().selectFrom('payments').selectAll().where('ride_id', '=', ride.id).executeTakeFirstOrThrow();
    expect(hold).toMatchObject({ status: 'failed', owed_cents: ride.fare_cents, owed_carried_to: null, captured_cents: 0 });
    expect(hold.failure).toContain('9995');

    const entries = await entriesOf(ride.id);
    expect(entries.filter((e) => e.kind === 'payment.capture_failed')).toEqual(
      expect.arrayContaining([
        { kind: 'payment.capture_failed', code: 'rider_owed', line: 'card_declined', amount_cents: ride.fare_cents },
        { kind: 'payment.capture_failed', code: 'processor_clearing', line: 'card_declined', amount_cents: -ride.fare_cents },
      ]),
    );
    expect(entries.filter((e) => e.code === 'processor_clearing').reduce((sum, e) => sum + e.amount_cents, 0)).toBe(0);
    expect(await owedBalance(rider.id)).toBe(ride.fare_cents);
    expect((await trialBalance(db())).balanced).toBe(true);

    // Told in the same transaction; the history says what it was; the receipt no longer counts it as paid by card.
    const notices = (await rider.client.get('/api/notifications')).body as { title: string; message: string; booking_id: string }[];
    expect(notices.filter((n) => n.title === 'Card declined')).toEqual([
      expect.objectContaining({ booking_id: ride.id, message: expect.stringContaining('added to your next ride') }),
    ]);
    const history = (await rider.client.get('/api/payments/history')).body;
    expect(history.items.find((i: { kind: string }) => i.kind === 'card_declined')).toMatchObject({ amount_cents: -ride.fare_cents, methods: ['owed'] });
    expect(history.balances).toEqual([{ currency: 'USD', wallet_cents: 0, owed_cents: ride.fare_cents }]);
    expect((await rider.client.get(`/api/rides/${ride.id}/receipt`)).body.receipt.money).toMatchObject({ card_cents: 0, paid_cents: 0, refundable_cents: 0 });

    // The job run again (pg-boss's retry after a timeout) changes and posts nothing.
    await settlePayment(server.services, { payment_id: hold.id, action: 'capture', amount_cents: ride.fare_cents });
    expect(await db().selectFrom('ledger_transactions').select('id').where('idempotency_key', '=', `payment:${hold.id}:capture_failed`).execute()).toHaveLength(
      1,
    );
    expect(await owedBalance(rider.id)).toBe(ride.fare_cents);
    expect(((await rider.client.get('/api/notifications')).body as { title: string }[]).filter((n) => n.title === 'Card declined')).toHaveLength(1);

    // The quote shows it; a ride booked carries it; cancelled, it is owed again.
    expect(await quoteOwed(rider.client)).toBe(ride.fare_cents);
    const carrying = (await rider.client.post('/api/rides', { pickup: area(), destination: GOLDEN_GATE_PARK, ride_type: 'economy', payment_method: 'cash' }))
      .body.ride;
    expect(carrying.carried_fee_cents).toBe(ride.fare_cents);
    expect((await db().selectFrom('payments').select('owed_carried_to').where('id', '=', hold.id).executeTakeFirstOrThrow()).owed_carried_to).toBe(carrying.id);
    expect(await quoteOwed(rider.client)).toBe(0);
    expect((await rider.client.post(`/api/rides/${carrying.id}/cancel`, {})).status).toBe(200);
    expect(await quoteOwed(rider.client)).toBe(ride.fare_cents);
    expect(await owedBalance(rider.id)).toBe(ride.fare_cents);

    // The next completed ride carries it and clears it (carried_fee credits rider_owed), once.
    const paying = await completedRide(rider, {}, 'Pete Payer');
    paying.driver.socket.close();
    const payingRow = await db().selectFrom('rides').select(['carried_fee_cents', 'fare_cents']).where('id', '=', paying.ride.id).executeTakeFirstOrThrow();
    expect(payingRow.carried_fee_cents).toBe(ride.fare_cents);
    const paid = await entriesOf(paying.ride.id);
    expect(line(paid, 'carried_fee')).toBe(-ride.fare_cents);
    expect(line(paid, 'fare_cash')).toBe(payingRow.fare_cents + ride.fare_cents);
    expect(await owedBalance(rider.id)).toBe(0);
    expect(await quoteOwed(rider.client)).toBe(0);
    expect((await trialBalance(db())).balanced).toBe(true);
  });
});

describe('removing a saved card (decision 0043)', () => {
  it('lets the owner remove a card: no longer listed, booked with or offered for a tip; another rider gets 404, a visitor 401', async () => {
    const rider = await newUser(server, 'Remy Remover');
    const keep = (await rider.client.post('/api/payments/cards', { test_card: TEST_CARD })).body.card;
    const card = (await rider.client.post('/api/payments/cards', { test_card: TEST_CARD })).body.card;
    // A completed ride paid with it, tipped after the card is gone: card is no longer offered.
    const { ride, driver } = await completedRide(rider, { payment_method: 'card', payment_card_id: card.id }, 'Tim Tipless');
    driver.socket.close();

    const stranger = await newUser(server, 'Stella Stranger');
    const theirs = await stranger.client.delete(`/api/payments/cards/${card.id}`);
    expect(theirs.status).toBe(404);
    expect((await server.client().delete(`/api/payments/cards/${card.id}`)).status).toBe(401);
    expect((await rider.client.delete('/api/payments/cards/not-a-uuid')).status).toBe(404);
    expect((await rider.client.delete('/api/payments/cards/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await rider.client.get('/api/payments/cards')).body.cards.map((c: { id: string }) => c.id)).toContain(card.id);

    const removed = await rider.client.delete(`/api/payments/cards/${card.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.card).toMatchObject({ id: card.id, last4: '4242' });
    expect((await rider.client.get('/api/payments/cards')).body.cards.map((c: { id: string }) => c.id)).toEqual([keep.id]);
    expect((await db().selectFrom('payment_cards').select('removed_at').where('id', '=', card.id).executeTakeFirstOrThrow()).removed_at).not.toBeNull();
    // Removed once: a second time is as if it did not exist.
    expect((await rider.client.delete(`/api/payments/cards/${card.id}`)).status).toBe(404);

    const booking = await rider.client.post('/api/rides', {
      pickup: area(),
      destination: GOLDEN_GATE_PARK,
      ride_type: 'economy',
      payment_method: 'card',
      payment_card_id: card.id,
    });
    expect(booking.status).toBe(400);
    expect(booking.body.error.message).toBe('Choose one of your saved cards.');
    expect(await db().selectFrom('rides').select('id').where('rider_id', '=', rider.id).where('status', '=', 'requested').execute()).toEqual([]);
    expect((await rider.client.get(`/api/rides/${ride.id}/payment`)).body.payment.tip_methods).toEqual(['cash']);
    const tip = await rider.client.post(`/api/rides/${ride.id}/tip`, { percent: 10, method: 'card' });
    expect(tip.status).toBe(400);
    expect(await db().selectFrom('payments').select('id').where('ride_id', '=', ride.id).where('purpose', '=', 'tip').execute()).toEqual([]);
  });

  it('refuses to remove a card paying for a ride under way (CARD_IN_USE), and changes nothing', async () => {
    const rider = await newUser(server, 'Ivy Inuse');
    const card = (await rider.client.post('/api/payments/cards', { test_card: TEST_CARD })).body.card;
    const ride = (
      await rider.client.post('/api/rides', {
        pickup: area(),
        destination: GOLDEN_GATE_PARK,
        ride_type: 'economy',
        payment_method: 'card',
        payment_card_id: card.id,
      })
    ).body.ride;
    const refused = await rider.client.delete(`/api/payments/cards/${card.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({
      code: 'CARD_IN_USE',
      message: 'This card is paying for a ride that is under way. Remove it once the ride has ended.',
    });
    expect((await db().selectFrom('payment_cards').select('removed_at').where('id', '=', card.id).executeTakeFirstOrThrow()).removed_at).toBeNull();
    expect((await rider.client.get('/api/payments/cards')).body.cards).toHaveLength(1);
    // Once the ride has ended, it may go.
    expect((await rider.client.post(`/api/rides/${ride.id}/cancel`, {})).status).toBe(200);
    expect((await rider.client.delete(`/api/payments/cards/${card.id}`)).status).toBe(200);
  });
});
