import { randomUUID } from 'node:crypto';
import { FIGURES, type FigureKey } from '@openride/shared/finance/figures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, type PostInput, trialBalance } from '../src/ledger/ledger';
import { postAt } from './backdated-postings';
import { financialSettingsAt } from '../src/ledger/financial-settings.repo';
import type { TestClient } from './http-client';
import { adminOf, ADMIN_ENV, approvedDriverOf, FERRY_BUILDING, newUser, nextOffer, north, onlineDriver, UNION_SQUARE } from './ride-actors';
import { startTestServer, type TestServer } from './test-server';

/**
 * The operator's money pages (issue 13, decision 0041): /financial-settings (versions with effective dates,
 * audited; the currency fixed once the city has books), /financial-dashboard (every figure a sum of ledger
 * entries, each drilling down to entries that add up to it), hand adjustments. Admins only; bad input is a
 * 400 that changes nothing.
 */
let server: TestServer;
let admin: TestClient;
let rider: Awaited<ReturnType<typeof newUser>>;
let driverUser: Awaited<ReturnType<typeof approvedDriverOf>>;

const GOOD_SETTINGS = {
  commission_bp: { economy: 2000, comfort: 2500, xl: 2000 },
  tax_rate_bp: 0,
  tax_label: '',
  payout_weekday: 1,
  minimum_payout_cents: 1000,
  negative_balance_limit_cents: 5000,
  grace_days: 3,
};
const today = () => new Date().toISOString().slice(0, 10);
const range = () => `from=${today()}&to=${today()}&tz=UTC`;

beforeAll(async () => {
  server = await startTestServer(ADMIN_ENV);
  admin = await adminOf(server);
  rider = await newUser(server, 'Penny Payer');
  driverUser = await approvedDriverOf(server, admin, 'Fin Driver', 'FIN0001');
}, 60_000);
afterAll(() => server?.stop());

const versions = async (city = 'sf') => (await server.services.db.selectFrom('financial_settings').select('id').where('city_id', '=', city).execute()).length;
const auditCount = async (action: string) => (await server.services.db.selectFrom('audit_log').select('id').where('action', '=', action).execute()).length;
const ledgerCount = async () => (await server.services.db.selectFrom('ledger_transactions').select('id').execute()).length;

describe('who may', () => {
  const routes: Array<[string, string, unknown?]> = [
    ['GET', '/api/admin/financial-settings/sf'],
    ['POST', '/api/admin/financial-settings/sf', GOOD_SETTINGS],
    ['PUT', '/api/admin/financial-settings/sf/currency', { currency: 'EUR' }],
    ['GET', `/api/admin/finance/dashboard?city=sf&${range()}`],
    ['GET', '/api/admin/ledger/entries?line=commission'],
    ['GET', '/api/admin/ledger/entries?aging=d31_60&currency=USD&as_of=2026-01-01T00:00:00Z'],
    ['GET', '/api/admin/ledger/entries?standing=owing&currency=USD'],
    ['POST', '/api/admin/ledger/adjustments', { city: 'sf', party: 'rider', party_id: 'x', direction: 'credit', amount_cents: 100, reason: 'free money' }],
  ];

  it('refuses visitors (401), riders and drivers (403), and changes nothing', async () => {
    const before = { versions: await versions(), ledger: await ledgerCount() };
    const visitor = server.client();
    for (const [method, path, json] of routes) {
      expect((await visitor.request(path, { method, json })).status, `${method} ${path} visitor`).toBe(401);
      expect((await rider.client.request(path, { method, json })).status, `${method} ${path} rider`).toBe(403);
      expect((await driverUser.client.request(path, { method, json })).status, `${method} ${path} driver`).toBe(403);
    }
    expect(await versions()).toBe(before.versions);
    expect(await ledgerCount()).toBe(before.ledger);
  });
});

describe('/financial-settings', () => {
  it('starts every city at version 1 of the defaults, in force, with the currency shown', async () => {
    const res = await admin.get('/api/admin/financial-settings/sf');
    expect(res.status).toBe(200);
    expect(res.body.city).toMatchObject({ id: 'sf', currency: 'USD' });
    expect(res.body.current).toMatchObject({
      version: 1,
      status: 'in_force',
      commission_bp: { economy: 2000, comfort: 2000, xl: 2000 },
      tax_rate_bp: 0,
      payout_weekday: 1,
    });
    expect((await admin.get('/api/admin/financial-settings/atlantis')).status).toBe(404);
  });

  it('refuses bad input with a clear 400 and adds no version', async () => {
    const before = { versions: await versions(), audits: await auditCount('financial_settings.create') };
    const bad: Array<[string, unknown]> = [
      ['a rate above 100 %', { ...GOOD_SETTINGS, commission_bp: { ...GOOD_SETTINGS.commission_bp, comfort: 10_001 } }],
      ['a negative rate', { ...GOOD_SETTINGS, commission_bp: { ...GOOD_SETTINGS.commission_bp, xl: -1 } }],
      ['a fractional rate', { ...GOOD_SETTINGS, tax_rate_bp: 12.5, tax_label: 'VAT' }],
      ['a missing ride type', { ...GOOD_SETTINGS, commission_bp: { economy: 2000, comfort: 2000 } }],
      ['weekday 7', { ...GOOD_SETTINGS, payout_weekday: 7 }],
      ['a negative minimum payout', { ...GOOD_SETTINGS, minimum_payout_cents: -1 }],
      ['a negative limit', { ...GOOD_SETTINGS, negative_balance_limit_cents: -500 }],
      ['grace days above 90', { ...GOOD_SETTINGS, grace_days: 91 }],
      ['a tax without a label', { ...GOOD_SETTINGS, tax_rate_bp: 800 }],
      ['an effective date in the past', { ...GOOD_SETTINGS, effective_from: '2020-01-01T00:00:00Z' }],
      ['an unknown field', { ...GOOD_SETTINGS, currency: 'EUR' }],
    ];
    for (const [what, body] of bad) {
      const res = await admin.post('/api/admin/financial-settings/sf', body);
      expect(res.status, what).toBe(400);
      expect(res.body.error.message, what).toMatch(/\w/);
    }
    expect((await admin.post('/api/admin/financial-settings/sf', { ...GOOD_SETTINGS, payout_weekday: 9 })).body.error.message).toMatch(/weekday/i);
    expect(await versions()).toBe(before.versions);
    expect(await auditCount('financial_settings.create')).toBe(before.audits);
  });

  it('saves a new version in force now (audited with the one it follows), and a later one as scheduled', async () => {
    const res = await admin.post('/api/admin/financial-settings/sf', { ...GOOD_SETTINGS, tax_rate_bp: 825, tax_label: 'Sales tax', note: 'Comfort to 25 %' });
    expect(res.status).toBe(201);
    expect(res.body.settings).toMatchObject({ version: 2, status: 'in_force', commission_bp: { comfort: 2500 }, tax_rate_bp: 825, tax_label: 'Sales tax' });
    const audit = await server.services.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'financial_settings.create')
      .where('entity_id', '=', res.body.settings.id)
      .executeTakeFirstOrThrow();
    expect(audit.before).toMatchObject({ version: 1, commission_bp: { comfort: 2000 } });
    expect(audit.after).toMatchObject({ version: 2, commission_bp: { comfort: 2500 }, city_id: 'sf' });
    expect(audit.reason).toBe('Comfort to 25 %');
    // The ledger's split reads the version in force.
    expect((await financialSettingsAt(server.services.db, 'sf')).commission_bp.comfort).toBe(2500);

    const later = new Date(Date.now() + 86_400_000).toISOString();
    const scheduled = await admin.post('/api/admin/financial-settings/sf', {
      ...GOOD_SETTINGS,
      commission_bp: { economy: 1500, comfort: 1500, xl: 1500 },
      effective_from: later,
    });
    expect(scheduled.status).toBe(201);
    expect(scheduled.body.settings).toMatchObject({ version: 3, status: 'scheduled' });
    const list = (await admin.get('/api/admin/financial-settings/sf')).body;
    expect(list.current.version).toBe(2);
    expect(list.history.map((h: { version: number; status: string }) => `${h.version}:${h.status}`)).toEqual(['3:scheduled', '2:in_force', '1:superseded']);
    expect((await financialSettingsAt(server.services.db, 'sf')).version).toBe(2);
    expect((await financialSettingsAt(server.services.db, 'sf', new Date(Date.now() + 2 * 86_400_000))).version).toBe(3);
    // Back to the defaults for the rest of this file's rides.
    expect((await admin.post('/api/admin/financial-settings/sf', GOOD_SETTINGS)).status).toBe(201);
  });

  it("changes a city's currency only while it has no books", async () => {
    expect(
      (
        await admin.post('/api/admin/cities', {
          id: 'lisbon',
          name: 'Lisbon',
          currency: 'USD',
          timezone: 'Europe/Lisbon',
          center_lat: 38.72,
          center_lng: -9.14,
        })
      ).status,
    ).toBe(201);
    expect((await admin.get('/api/admin/financial-settings/lisbon')).body).toMatchObject({ currency_locked: false, current: { version: 1 } });
    expect((await admin.request('/api/admin/financial-settings/lisbon/currency', { method: 'PUT', json: { currency: 'EURO' } })).status).toBe(400);
    expect((await admin.request('/api/admin/financial-settings/lisbon/currency', { method: 'PUT', json: { currency: 'U$D' } })).status).toBe(400);
    const changed = await admin.request('/api/admin/financial-settings/lisbon/currency', { method: 'PUT', json: { currency: 'eur' } });
    expect(changed.status).toBe(200);
    expect(changed.body.city.currency).toBe('EUR');
    expect(await auditCount('city.update')).toBeGreaterThan(0);
    // Money posted for the city: the currency is fixed, here and on the city's own form.
    const credit = await admin.post('/api/admin/ledger/adjustments', {
      city: 'lisbon',
      party: 'rider',
      party_id: rider.id,
      direction: 'credit',
      amount_cents: 250,
      reason: 'Welcome credit',
    });
    expect(credit.status).toBe(201);
    expect((await admin.get('/api/admin/financial-settings/lisbon')).body.currency_locked).toBe(true);
    expect((await admin.request('/api/admin/financial-settings/lisbon/currency', { method: 'PUT', json: { currency: 'GBP' } })).status).toBe(409);
    expect((await admin.patch('/api/admin/cities/lisbon', { currency: 'GBP' })).status).toBe(409);
    expect((await admin.patch('/api/admin/cities/lisbon', { name: 'Lisboa' })).status).toBe(200);
    const city = await server.services.db.selectFrom('cities').select('currency').where('id', '=', 'lisbon').executeTakeFirstOrThrow();
    expect(city.currency.trim()).toBe('EUR');
  });
});

async function completedCashRide() {
  const driver = await onlineDriver(server, admin, north(UNION_SQUARE, 300), 'Cash Carla');
  const booked = await rider.client.post('/api/rides', { pickup: UNION_SQUARE, destination: FERRY_BUILDING, ride_type: 'economy', payment_method: 'cash' });
  expect(booked.status).toBe(201);
  const ride = booked.body.ride;
  await nextOffer(driver, ride.id);
  for (const step of ['accept', 'arrive']) expect((await driver.client.post(`/api/rides/${ride.id}/${step}`, {})).status).toBe(200);
  expect((await driver.client.post(`/api/rides/${ride.id}/start`, { pin: ride.pin })).status).toBe(200);
  expect((await driver.client.post(`/api/rides/${ride.id}/complete`, {})).status).toBe(200);
  driver.socket.close();
  return { rideId: ride.id as string, driverId: driver.driverId };
}

describe('/financial-dashboard', () => {
  it('computes every figure from the ledger, and each drills down to entries that add up to it', async () => {
    const { rideId, driverId } = await completedCashRide();
    const row = await server.services.db.selectFrom('rides').selectAll().where('id', '=', rideId).executeTakeFirstOrThrow();
    const bookingFee = (row.pricing as { booking_fee_cents: number }).booking_fee_cents;
    expect(
      (
        await admin.post('/api/admin/ledger/adjustments', {
          city: 'sf',
          party: 'driver',
          party_id: driverId,
          direction: 'credit',
          amount_cents: 300,
          reason: 'Toll refund',
        })
      ).status,
    ).toBe(201);

    const res = await admin.get(`/api/admin/finance/dashboard?city=sf&${range()}`);
    expect(res.status).toBe(200);
    const d = res.body;
    const commission = Math.round(((row.fare_cents - bookingFee) * 2000) / 10_000);
    expect(d.figures).toMatchObject({
      gmv: row.fare_cents,
      cash: row.fare_cents,
      card: 0,
      wallet: 0,
      commission,
      booking_fees: bookingFee,
      fees: bookingFee,
      adjustments: 300,
    });
    expect(d.figures.net_revenue).toBe(commission + bookingFee);
    expect(d.take_rate).toBeCloseTo((commission + bookingFee) / row.fare_cents, 10);
    expect(d.completed_rides).toBe(1);
    expect(d.days).toHaveLength(1);
    expect(d.days[0]).toMatchObject({ day: today(), gmv: row.fare_cents });
    expect(d.trial_balance.balanced).toBe(true);
    // The cash driver owes commission + booking fee, less the 3.00 credited: current (posted today).
    const owes = commission + bookingFee - 300;
    expect(d.aging.owing_total_cents).toBe(owes);
    expect(d.aging.buckets.find((b: { key: string }) => b.key === 'current').cents).toBe(owes);
    const carla = d.aging.drivers.find((x: { driver_id: string }) => x.driver_id === driverId);
    expect(carla).toMatchObject({ name: 'Cash Carla', balance_cents: owes, oldest_days: 0 });

    for (const key of Object.keys(FIGURES) as FigureKey[]) {
      const f: { accounts?: readonly string[]; lines?: readonly string[]; sign: number } = FIGURES[key];
      const qs = new URLSearchParams({ city: 'sf', from: today(), to: today(), tz: 'UTC' });
      if (f.lines) qs.set('line', f.lines.join(','));
      if (f.accounts) qs.set('account', f.accounts.join(','));
      const entries = await admin.get(`/api/admin/ledger/entries?${qs}`);
      expect(entries.status).toBe(200);
      expect(f.sign * entries.body.sum_cents || 0, key).toBe(d.figures[key]);
    }
    // A driver's account drills down to the entries that make their balance.
    const account = await admin.get(`/api/admin/ledger/entries?account_id=${carla.account_id}`);
    expect(account.body.sum_cents).toBe(owes);
    expect(await balanceOf(server.services.db, { code: 'driver', owner: driverId }, 'USD')).toBe(owes);
    const lines = account.body.items.map((e: { line: string }) => e.line).sort();
    expect(lines).toEqual(['adjustment', 'driver_earnings', 'fare_cash']);
    expect(account.body.items.find((e: { line: string }) => e.line === 'fare_cash')).toMatchObject({
      kind: 'ride.completed',
      ride_id: rideId,
      owner_name: 'Cash Carla',
      amount_cents: row.fare_cents,
    });
  });

  it('pages the entries with a cursor, and exports them as CSV', async () => {
    const first = await admin.get('/api/admin/ledger/entries?limit=2');
    expect(first.body.items).toHaveLength(2);
    expect(first.body.total).toBeGreaterThan(2);
    const seen = new Set(first.body.items.map((e: { id: string }) => e.id));
    let cursor: string | null = first.body.next_cursor;
    while (cursor) {
      const page = await admin.get(`/api/admin/ledger/entries?limit=2&cursor=${encodeURIComponent(cursor)}`);
      expect(page.status).toBe(200);
      for (const e of page.body.items) {
        expect(seen.has(e.id)).toBe(false);
        seen.add(e.id);
      }
      cursor = page.body.next_cursor;
    }
    expect(seen.size).toBe(first.body.total);
    const csv = await admin.get('/api/admin/ledger/entries?format=csv&line=commission');
    expect(csv.status).toBe(200);
    expect(String(csv.body)).toMatch(/Time,Transaction/);
  });

  it('refuses a bad range, line, account or cursor with 400', async () => {
    for (const path of [
      `/api/admin/finance/dashboard?city=sf&from=2026-02-30&to=${today()}&tz=UTC`,
      `/api/admin/finance/dashboard?city=sf&from=${today()}&to=2020-01-01&tz=UTC`,
      `/api/admin/finance/dashboard?city=sf&from=2020-01-01&to=2026-01-01&tz=UTC`,
      `/api/admin/finance/dashboard?city=sf&${range().replace('UTC', 'Mars/Olympus')}`,
      '/api/admin/ledger/entries?line=gold',
      '/api/admin/ledger/entries?account=vault',
      '/api/admin/ledger/entries?account_id=42',
      '/api/admin/ledger/entries?kind=theft',
      '/api/admin/ledger/entries?cursor=bm9wZQ',
    ])
      expect((await admin.get(path)).status, path).toBe(400);
    const asOf = new Date().toISOString();
    const refused: Array<[string, RegExp]> = [
      ['aging=current', /needs "as_of"/],
      [`aging=d0&as_of=${asOf}`, /"aging" is one of/],
      [`aging=current&as_of=${asOf}&standing=owed`, /reads what drivers owe/],
      ['standing=rich', /"standing" is owing/],
      ['as_of=yesterday', /ISO date-time/],
      ['currency=US', /three-letter currency/],
    ];
    for (const [qs, message] of refused) {
      const res = await admin.get(`/api/admin/ledger/entries?${qs}`);
      expect(res.status, qs).toBe(400);
      expect(res.body.error.message, qs).toMatch(message);
    }
    expect((await admin.get(`/api/admin/finance/dashboard?city=atlantis&${range()}`)).status).toBe(404);
  });
});

describe("drivers' balances drill down", () => {
  const DAY = 86_400_000;
  let seq = 0;
  /** A hand debit (the driver owes more) or cash handed in (a credit), posted `daysAgo` days (and an hour) ago, or now. */
  const owe = (driverId: string, cents: number, daysAgo: number | null) => {
    const driver = { code: 'driver' as const, owner: driverId };
    const input: PostInput =
      cents > 0
        ? {
            kind: 'adjustment',
            key: `aging-test:${seq++}`,
            currency: 'USD',
            city_id: 'sf',
            entries: [
              { account: driver, line: 'adjustment', amount_cents: cents },
              { account: { code: 'adjustments' }, line: 'adjustment', amount_cents: -cents },
            ],
          }
        : {
            kind: 'driver.cash_received',
            key: `aging-test:${seq++}`,
            currency: 'USD',
            city_id: 'sf',
            entries: [
              { account: driver, line: 'cash_received', amount_cents: cents },
              { account: { code: 'bank' }, line: 'cash_received', amount_cents: -cents },
            ],
          };
    return postAt(server.services.db, daysAgo === null ? null : new Date(Date.now() - daysAgo * DAY - 3_600_000), input);
  };
  const entries = async (params: Record<string, string>) => {
    const res = await admin.get(`/api/admin/ledger/entries?${new URLSearchParams({ limit: '100', ...params })}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as {
      items: Array<{ amount_cents: number; account_id: string; account_code: string; created_at: string }>;
      sum_cents: number;
      total: number;
    };
  };

  it('each age bucket, what drivers owe and what they are owed list entries that add up to the figure shown', async () => {
    // Ann: debts 100, 50, 5 and 0 days old, 10.00 handed in 20 days ago. FIFO: the handed-in cash paid the
    // oldest debt first, so 20.00 of the 30.00 from 100 days ago is still open.
    const ann = await approvedDriverOf(server, admin, 'Aging Ann', 'AGE0001');
    await owe(ann.driverId, 3000, 100);
    await owe(ann.driverId, 2000, 50);
    await owe(ann.driverId, -1000, 20);
    await owe(ann.driverId, 1500, 5);
    await owe(ann.driverId, 500, 0);
    // Bo: one debt 70 days old, partly paid 3 days ago. Dee: owed nothing after paying all back.
    const bo = await approvedDriverOf(server, admin, 'Aging Bo', 'AGE0002');
    await owe(bo.driverId, 4000, 70);
    await owe(bo.driverId, -1500, 3);
    const dee = await approvedDriverOf(server, admin, 'Aging Dee', 'AGE0003');
    await owe(dee.driverId, 1000, 40);
    await owe(dee.driverId, -1000, 0);
    // Cy: the platform owes him (credited 12.34).
    const cy = await approvedDriverOf(server, admin, 'Aging Cy', 'AGE0004');
    expect(
      (
        await admin.post('/api/admin/ledger/adjustments', {
          city: 'sf',
          party: 'driver',
          party_id: cy.driverId,
          direction: 'credit',
          amount_cents: 1234,
          reason: 'Owed a bonus',
        })
      ).status,
    ).toBe(201);

    const d = (await admin.get(`/api/admin/finance/dashboard?city=sf&${range()}`)).body;
    const a = d.aging as {
      as_of: string;
      buckets: Array<{ key: string; cents: number }>;
      owing_total_cents: number;
      owed_to_drivers_cents: number;
      drivers: Array<{ driver_id: string; account_id: string; balance_cents: number; oldest_days: number }>;
    };
    const at = { currency: 'USD', as_of: a.as_of };
    const bucket = (key: string) => a.buckets.find((b) => b.key === key)!.cents;
    for (const key of ['current', 'd1_30', 'd31_60', 'd61_90', 'd90_plus']) expect(bucket(key), key).toBeGreaterThan(0);
    expect(a.buckets.reduce((s, b) => s + b.cents, 0)).toBe(a.owing_total_cents);

    // Every bucket and both totals: the entries listed add up to the figure, as the drawer reads them.
    for (const b of a.buckets) {
      const listed = await entries({ ...at, aging: b.key });
      expect(listed.sum_cents, b.key).toBe(b.cents);
      expect(
        listed.items.every((e) => e.account_code === 'driver'),
        b.key,
      ).toBe(true);
    }
    const owing = await entries({ ...at, standing: 'owing' });
    expect(owing.sum_cents).toBe(a.owing_total_cents);
    const owed = await entries({ ...at, standing: 'owed' });
    expect(-owed.sum_cents).toBe(a.owed_to_drivers_cents);
    expect(a.owed_to_drivers_cents).toBeGreaterThanOrEqual(1234);
    const accountOf = async (driverId: string) =>
      (await server.services.db.selectFrom('ledger_accounts').select('id').where('key', '=', `driver:${driverId}:USD`).executeTakeFirstOrThrow()).id;
    expect(owed.items.map((e) => e.account_id)).toContain(await accountOf(cy.driverId));
    const deeAccount = await accountOf(dee.driverId);
    expect(owing.items.some((e) => e.account_id === deeAccount)).toBe(false);

    // One driver's part of each bucket (the filters narrow together): FIFO, exactly.
    const annAccount = await accountOf(ann.driverId);
    const annParts: Record<string, number> = {};
    for (const b of a.buckets) annParts[b.key] = (await entries({ ...at, aging: b.key, account_id: annAccount })).sum_cents;
    expect(annParts).toEqual({ current: 500, d1_30: 1500, d31_60: 2000, d61_90: 0, d90_plus: 2000 });
    // The oldest open debt is 30.00 less the 10.00 paid: its bucket lists both entries.
    expect((await entries({ ...at, aging: 'd90_plus', account_id: annAccount })).items.map((e) => e.amount_cents).sort((x, y) => x - y)).toEqual([-1000, 3000]);
    const boAccount = await accountOf(bo.driverId);
    expect((await entries({ ...at, aging: 'd61_90', account_id: boAccount })).sum_cents).toBe(2500);
    expect((await entries({ ...at, aging: 'd1_30', account_id: boAccount })).total).toBe(0);
    expect(a.drivers.find((x) => x.driver_id === ann.driverId)).toMatchObject({ balance_cents: 6000, oldest_days: 100 });
    // Each owing driver's row drills down to their balance at the same moment.
    for (const row of a.drivers) expect((await entries({ ...at, account_id: row.account_id })).sum_cents, row.driver_id).toBe(row.balance_cents);

    // Money posted after the figures were read does not change what their drill-down lists.
    await owe(ann.driverId, 700, null);
    expect((await entries({ ...at, aging: 'current' })).sum_cents).toBe(bucket('current'));
    expect((await entries({ ...at, standing: 'owing' })).sum_cents).toBe(a.owing_total_cents);
  });
});

describe('hand adjustments', () => {
  it("credits a rider's wallet once per key (audited), debits it, and never below zero", async () => {
    const key = randomUUID();
    const body = {
      city: 'sf',
      party: 'rider',
      party_id: rider.id,
      direction: 'credit',
      amount_cents: 1000,
      reason: 'Goodwill after a bad trip',
      idempotency_key: key,
    };
    const before = {
      audits: await auditCount('ledger.adjustment'),
      wallet: await balanceOf(server.services.db, { code: 'rider_wallet', owner: rider.id }, 'USD'),
    };
    const first = await admin.post('/api/admin/ledger/adjustments', body);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ posted: true, balance_cents: before.wallet - 1000 });
    const again = await admin.post('/api/admin/ledger/adjustments', body);
    expect(again.body).toMatchObject({ posted: false, transaction_id: first.body.transaction_id, balance_cents: before.wallet - 1000 });
    expect(await auditCount('ledger.adjustment')).toBe(before.audits + 1);
    const audit = await server.services.db.selectFrom('audit_log').selectAll().where('entity_id', '=', first.body.transaction_id).executeTakeFirstOrThrow();
    expect(audit.reason).toBe('Goodwill after a bad trip');

    const ledger = await ledgerCount();
    const tooMuch = await admin.post('/api/admin/ledger/adjustments', {
      ...body,
      direction: 'debit',
      amount_cents: 1001 - before.wallet,
      idempotency_key: randomUUID(),
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error.message).toMatch(/wallet holds/);
    expect(await ledgerCount()).toBe(ledger);
    const debit = await admin.post('/api/admin/ledger/adjustments', { ...body, direction: 'debit', amount_cents: 400, idempotency_key: randomUUID() });
    expect(debit.body).toMatchObject({ posted: true, balance_cents: before.wallet - 600 });
    expect((await trialBalance(server.services.db)).balanced).toBe(true);
  });

  it('refuses bad input and unknown parties, posting nothing', async () => {
    const ledger = await ledgerCount();
    const base = { city: 'sf', party: 'driver', party_id: driverUser.driverId, direction: 'debit', amount_cents: 500, reason: 'Lost equipment' };
    const bad: Array<[string, unknown, number]> = [
      ['zero', { ...base, amount_cents: 0 }, 400],
      ['negative', { ...base, amount_cents: -5 }, 400],
      ['fractional', { ...base, amount_cents: 5.5 }, 400],
      ['no reason', { ...base, reason: '' }, 400],
      ['a bad direction', { ...base, direction: 'sideways' }, 400],
      ['a bad party', { ...base, party: 'company' }, 400],
      ['a bad key', { ...base, idempotency_key: 'again' }, 400],
      ['an unknown driver', { ...base, party_id: randomUUID() }, 404],
      ['not a driver id', { ...base, party_id: 'nope' }, 404],
      ['an unknown rider', { ...base, party: 'rider', party_id: 'nobody' }, 404],
      ['an unknown city', { ...base, city: 'atlantis' }, 404],
    ];
    for (const [what, body, status] of bad) expect((await admin.post('/api/admin/ledger/adjustments', body)).status, what).toBe(status);
    expect(await ledgerCount()).toBe(ledger);
  });
});
