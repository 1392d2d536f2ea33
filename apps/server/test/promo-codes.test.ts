import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { promoDiscountCents } from '@openride/shared/promotions/discount';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { trialBalance } from '../src/ledger/ledger';
import { postRideCompleted } from '../src/ledger/ride-postings';
import { rideMoney } from '../src/ledger/ride-money';
import { applyRidePromotion, releaseRidePromotion, reserveRidePromotion } from '../src/promotions/ride-promotions';
import { createCompany, person } from './corporate-invoice-setup';
import type { TestClient } from './http-client';
import {
  ADMIN_ENV,
  adminOf,
  approvedDriverOf,
  eventually,
  FERRY_BUILDING,
  newUser,
  nextOffer,
  north,
  type OnlineDriver,
  onlineDriver,
  UNION_SQUARE,
} from './ride-actors';
import { startTestServer, type TestServer } from './test-server';

/**
 * Promo codes (issue 16, decision 0063): admins create, backtest, launch and pause promotions; a rider's code
 * is checked at Apply and again at request, reserved with the ride under the promotion's row lock, applied at
 * completion (the platform funds it: the driver's share is the full fare's) and released on cancel or no
 * driver. The budget, the maximum redemptions and the per-rider limit hold under races.
 */
let server: TestServer;
let admin: TestClient;

beforeAll(async () => {
  server = await startTestServer(ADMIN_ENV, { dispatch: { offerTimeoutMs: 5000, idleGraceMs: 60_000, tickMs: 200, searchTimeoutMs: 60_000 } });
  admin = await adminOf(server);
  // Fares here are the promotions' subject, not surge's: the file's many requests (and a tick between them on a
  // slow machine) would otherwise surge a zone, and a request without a quote is then refused QUOTE_EXPIRED.
  expect((await admin.post('/api/admin/surge/freeze', { city_id: 'sf', frozen: true })).status).toBe(200);
});
afterAll(async () => {
  driver?.socket.close();
  await server?.stop();
});

const db = () => server.services.db;
const HOUR = 3_600_000;
let codes = 0;
const newCode = (tag = 'P') => `${tag}${Date.now().toString(36).toUpperCase()}${codes++}`.slice(0, 20);
const create = (body: Record<string, unknown>, by: TestClient = admin) =>
  by.post('/api/admin/promotions', {
    city_id: 'sf',
    code: newCode(),
    kind: 'amount',
    value: 300,
    valid_from: new Date(Date.now() - HOUR).toISOString(),
    status: 'active',
    ...body,
  });
const trip = { pickup: UNION_SQUARE, destination: FERRY_BUILDING };
const apply = (rider: TestClient, code: string, where = trip) => rider.post('/api/promotions/apply', { code, ...where });
const book = (rider: TestClient, promo_code?: string, extra: Record<string, unknown> = {}) =>
  rider.post('/api/rides', { ...trip, ride_type: 'economy', payment_method: 'cash', ...(promo_code ? { promo_code } : {}), ...extra });
const promotion = (id: string) => db().selectFrom('promotions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const redemptionsOf = (id: string) => db().selectFrom('promo_redemptions').selectAll().where('promotion_id', '=', id).execute();
const auditOf = (id: string) =>
  db().selectFrom('audit_log').selectAll().where('entity_type', '=', 'promotion').where('entity_id', '=', id).orderBy('created_at').execute();
const ridesOf = (userId: string) => db().selectFrom('rides').select(['id', 'status']).where('rider_id', '=', userId).execute();

/** A completed ride in the past, as history (a backtest replays them; a first-ride code reads them). */
async function pastRide(
  riderId: string,
  opts: { fare: number; daysAgo: number; type?: 'economy' | 'comfort' | 'xl'; zoneId?: string | null; companyId?: string },
) {
  const requested = new Date(Date.now() - opts.daysAgo * 86_400_000);
  await db()
    .insertInto('rides')
    .values({
      city_id: 'sf',
      rider_id: riderId,
      ride_type: opts.type ?? 'economy',
      status: 'completed',
      pickup_lat: 37.79,
      pickup_lng: -122.4,
      dropoff_lat: 37.77,
      dropoff_lng: -122.45,
      distance_m: 5000,
      duration_s: 900,
      fare_cents: opts.fare,
      currency: 'USD',
      // On a company's account (decision 0067) when a company is given.
      ...(opts.companyId ? { payment_method: 'business' as const, company_id: opts.companyId } : {}),
      pin: '1234',
      share_token: randomBytes(32).toString('base64url'),
      requested_at: requested,
      completed_at: new Date(requested.getTime() + 20 * 60_000),
      pricing: JSON.stringify({ pickup_zone_id: opts.zoneId ?? null }),
    })
    .execute();
}

describe('promotions: admins only', () => {
  it('refuses riders and drivers (403) and visitors (401) on every admin route, and changes nothing', async () => {
    const created = (await create({ status: 'draft' })).body.promotion;
    const rider = await newUser(server, 'Rita Refused');
    const driverUser = await approvedDriverOf(server, admin, 'Drew Refused');
    const calls = (c: TestClient) => [
      () => c.get('/api/admin/promotions'),
      () => c.get('/api/admin/promotions?format=csv'),
      () => create({}, c),
      () => c.get(`/api/admin/promotions/${created.id}`),
      () => c.post(`/api/admin/promotions/${created.id}/status`, { status: 'active' }),
      () => c.patch(`/api/admin/promotions/${created.id}`, { version: created.version, code: newCode('HIJACK'), budget_cents: 1 }),
      () => c.post(`/api/admin/promotions/${created.id}/backtest`, {}),
      () => c.get(`/api/admin/promotions/${created.id}/redemptions`),
      () => c.get(`/api/admin/promotions/${created.id}/redemptions?format=csv`),
    ];
    for (const [who, client, status] of [
      ['rider', rider.client, 403],
      ['driver', driverUser.client, 403],
      ['visitor', server.client(), 401],
    ] as const) {
      for (const call of calls(client)) expect((await call()).status, who).toBe(status);
    }
    expect(await promotion(created.id)).toMatchObject({ status: 'draft', code: created.code, budget_cents: null, version: 1 });
    expect(
      await db()
        .selectFrom('promotions')
        .select('id')
        .where('created_by', '<>', (await admin.get('/api/me')).body.user.id)
        .execute(),
    ).toEqual([]);
    // A rider may Apply (signed in); a visitor may not.
    expect((await server.client().post('/api/promotions/apply', { code: created.code, ...trip })).status).toBe(401);
  });

  it('creates (audited), lists with filters and CSV, shows one, pauses and launches (audited once per change)', async () => {
    const code = newCode('SPRING');
    const res = await create({
      code: code.toLowerCase(),
      kind: 'percent',
      value: 20,
      max_discount_cents: 500,
      min_fare_cents: 800,
      ride_types: ['economy', 'comfort'],
      budget_cents: 10_000,
      max_redemptions: 50,
      per_rider_limit: 2,
      first_ride_only: true,
      status: 'draft',
    });
    expect(res.status).toBe(201);
    const p = res.body.promotion;
    expect(p).toMatchObject({
      code,
      city_id: 'sf',
      city_name: 'San Francisco',
      currency: 'USD',
      kind: 'percent',
      value: 20,
      max_discount_cents: 500,
      min_fare_cents: 800,
      ride_types: ['economy', 'comfort'],
      budget_cents: 10_000,
      max_redemptions: 50,
      per_rider_limit: 2,
      first_ride_only: true,
      status: 'draft',
      redemptions_reserved: 0,
      redemptions_applied: 0,
      reserved_cents: 0,
      spent_cents: 0,
    });
    const audit = await auditOf(p.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'promotion.create', before: null });

    const list = (await admin.get(`/api/admin/promotions?q=${code}`)).body;
    expect(list.items.map((i: { id: string }) => i.id)).toEqual([p.id]);
    expect(list.total).toBe(1);
    expect((await admin.get(`/api/admin/promotions?q=${code}&status=active`)).body.items).toEqual([]);
    expect((await admin.get(`/api/admin/promotions?q=${code}&status=draft`)).body.items).toHaveLength(1);
    const csv = await admin.get(`/api/admin/promotions?q=${code}&format=csv`);
    expect(csv.status).toBe(200);
    expect(String(csv.body)).toContain(code);
    expect((await admin.get(`/api/admin/promotions/${p.id}`)).body.promotion.code).toBe(code);
    expect((await admin.get('/api/admin/promotions/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await admin.get('/api/admin/promotions/nope')).status).toBe(404);

    const launched = await admin.post(`/api/admin/promotions/${p.id}/status`, { status: 'active' });
    expect(launched.body.promotion.status).toBe('active');
    expect((await admin.post(`/api/admin/promotions/${p.id}/status`, { status: 'active' })).status).toBe(200);
    expect((await admin.post(`/api/admin/promotions/${p.id}/status`, { status: 'paused' })).body.promotion.status).toBe('paused');
    const statusAudits = (await auditOf(p.id)).filter((a) => a.action === 'promotion.status');
    expect(statusAudits.map((a) => [a.before, a.after])).toEqual([
      [{ status: 'draft' }, { status: 'active' }],
      [{ status: 'active' }, { status: 'paused' }],
    ]);
    expect((await admin.post(`/api/admin/promotions/${p.id}/status`, { status: 'draft' })).status).toBe(400);
    expect((await admin.post('/api/admin/promotions/00000000-0000-4000-8000-000000000000/status', { status: 'paused' })).status).toBe(404);
  });

  it('refuses bad input (400), an unknown city or zone (404) and a code in use (409), creating nothing', async () => {
    const before = (
      await db()
        .selectFrom('promotions')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
    const bad: Record<string, unknown>[] = [
      { code: 'a!' },
      { code: 'AB' },
      { kind: 'half' },
      { kind: 'percent', value: 101 },
      { value: 0 },
      { value: 2.5 },
      { min_fare_cents: -1 },
      { ride_types: ['bike'] },
      { valid_from: 'tomorrow' },
      { valid_to: new Date(Date.now() - 2 * HOUR).toISOString() },
      { budget_cents: 0 },
      { max_redemptions: -3 },
      { per_rider_limit: 0 },
      { status: 'paused' },
      { extra: true },
    ];
    for (const body of bad) expect((await create(body)).status, JSON.stringify(body)).toBe(400);
    expect((await create({ city_id: 'atlantis' })).status).toBe(404);
    expect((await create({ zone_ids: ['00000000-0000-4000-8000-000000000000'] })).status).toBe(404);
    const taken = (await create({})).body.promotion.code;
    const again = await create({ code: taken });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('PROMO_CODE_TAKEN');
    const after = (
      await db()
        .selectFrom('promotions')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
    expect(Number(after)).toBe(Number(before) + 1);
  });
});

describe('editing a promotion (decision 0068)', () => {
  const edit = (id: string, body: Record<string, unknown>, by: TestClient = admin) => by.patch(`/api/admin/promotions/${id}`, body);
  // Booked away from Union Square: the demand would make it surge for the later tests' requests there.
  const mission = { pickup: { lat: 37.7599, lng: -122.4148, label: 'Mission' }, destination: FERRY_BUILDING };
  const bookHere = (rider: TestClient, code: string) =>
    rider.post('/api/rides', { ...mission, ride_type: 'economy', payment_method: 'cash', promo_code: code });

  it('a draft may change every field: audited with what changed, the version moves, a no-op writes nothing', async () => {
    const zone = await admin.post('/api/admin/zones', {
      city_id: 'sf',
      type: 'pricing_zone',
      name: 'Edit corner (tests)',
      color: '#22c55e',
      priority: 0,
      enabled: true,
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [-122.52, 37.7],
            [-122.51, 37.7],
            [-122.51, 37.71],
            [-122.52, 37.71],
            [-122.52, 37.7],
          ],
        ],
      },
    });
    expect(zone.status).toBe(201);
    const p = (await create({ status: 'draft', kind: 'amount', value: 300 })).body.promotion;
    expect(p).toMatchObject({ version: 1, description: '', zones: [] });
    const code = newCode('EDITED');
    const validTo = new Date(Date.now() + 48 * HOUR).toISOString();
    const res = await edit(p.id, {
      version: 1,
      code: code.toLowerCase(),
      kind: 'percent',
      value: 15,
      max_discount_cents: 400,
      min_fare_cents: 500,
      ride_types: ['comfort'],
      zone_ids: [zone.body.zone.id, zone.body.zone.id],
      valid_to: validTo,
      budget_cents: 2000,
      max_redemptions: 10,
      per_rider_limit: 3,
      first_ride_only: true,
      description: 'Launch week',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.promotion).toMatchObject({
      code,
      kind: 'percent',
      value: 15,
      max_discount_cents: 400,
      min_fare_cents: 500,
      ride_types: ['comfort'],
      zone_ids: [zone.body.zone.id],
      zones: [{ id: zone.body.zone.id, name: 'Edit corner (tests)' }],
      valid_to: validTo,
      budget_cents: 2000,
      max_redemptions: 10,
      per_rider_limit: 3,
      first_ride_only: true,
      description: 'Launch week',
      version: 2,
      status: 'draft',
    });
    const audits = (await auditOf(p.id)).filter((a) => a.action === 'promotion.update');
    expect(audits).toHaveLength(1);
    expect(audits[0]!.before).toMatchObject({ code: p.code, kind: 'amount', value: 300, description: '', zone_ids: [] });
    expect(audits[0]!.after).toMatchObject({ code, kind: 'percent', value: 15, description: 'Launch week', zone_ids: [zone.body.zone.id] });
    // The same values again: nothing changes, nothing audited, same version.
    const again = await edit(p.id, { version: 2, code, value: 15, description: 'Launch week' });
    expect(again.body.promotion.version).toBe(2);
    expect((await auditOf(p.id)).filter((a) => a.action === 'promotion.update')).toHaveLength(1);
    // A draft's rules are checked on the result: a percentage ≤ 100, the end after the start, a zone of its city, a free code.
    const other = (await create({ status: 'draft' })).body.promotion;
    expect((await edit(p.id, { version: 2, value: 150 })).status).toBe(400);
    expect((await edit(p.id, { version: 2, valid_to: new Date(Date.now() - 2 * HOUR).toISOString() })).status).toBe(400);
    expect((await edit(p.id, { version: 2, zone_ids: ['00000000-0000-4000-8000-000000000000'] })).status).toBe(404);
    const taken = await edit(p.id, { version: 2, code: other.code });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('PROMO_CODE_TAKEN');
    expect((await edit(p.id, { version: 2, status: 'active' })).status).toBe(400);
    expect((await edit('00000000-0000-4000-8000-000000000000', { version: 1, value: 5 })).status).toBe(404);
    expect(await promotion(p.id)).toMatchObject({ code, value: 15, version: 2 });
  });

  it('refuses a stale edit (409): another admin edited, launched or paused since it was read', async () => {
    const p = (await create({ status: 'draft' })).body.promotion;
    expect((await edit(p.id, { version: 1, description: 'First' })).status).toBe(200);
    const stale = await edit(p.id, { version: 1, description: 'Second' });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('PROMOTION_STALE');
    expect(stale.body.error.message).toMatch(/changed this promotion/);
    // Launching is a change too; a rider's reservation is not (the counters move, the version does not).
    expect((await admin.post(`/api/admin/promotions/${p.id}/status`, { status: 'active' })).body.promotion.version).toBe(3);
    expect((await edit(p.id, { version: 2, per_rider_limit: 4 })).body.error.code).toBe('PROMOTION_STALE');
    const rider = await newUser(server, 'Vic Version');
    const booked = await bookHere(rider.client, p.code);
    expect(booked.status).toBe(201);
    expect((await edit(p.id, { version: 3, per_rider_limit: 4 })).status).toBe(200);
    expect(await promotion(p.id)).toMatchObject({ description: 'First', per_rider_limit: 4, version: 4 });
    expect((await rider.client.post(`/api/rides/${booked.body.ride.id}/cancel`, {})).status).toBe(200);
  });

  it('a launched promotion changes only its safe fields, never its budget or maximum below what is taken', async () => {
    const p = (await create({ value: 300, budget_cents: 1000, max_redemptions: 5, per_rider_limit: 1 })).body.promotion;
    const riders = [await newUser(server, 'Tess Taken'), await newUser(server, 'Tom Taken')];
    const booked = [];
    for (const r of riders) booked.push(await bookHere(r.client, p.code));
    expect(booked.map((b) => b.status)).toEqual([201, 201]);
    expect(await promotion(p.id)).toMatchObject({ committed_cents: 600, redemptions_held: 2 });
    const v = p.version as number;
    for (const locked of [
      { code: newCode('LOCK') },
      { value: 100 },
      { kind: 'percent' },
      { zone_ids: [] },
      { valid_from: new Date().toISOString() },
      { first_ride_only: true },
      { city_id: 'sf' },
    ]) {
      const res = await edit(p.id, { version: v, ...locked });
      expect(res.status, JSON.stringify(locked)).toBe(422);
      expect(res.body.error.code).toBe('PROMOTION_FIELD_LOCKED');
      expect(res.body.error.details.fields).toEqual(Object.keys(locked));
    }
    const below = await edit(p.id, { version: v, budget_cents: 599 });
    expect(below.status).toBe(422);
    expect(below.body.error.code).toBe('PROMOTION_BUDGET_BELOW_COMMITTED');
    expect(below.body.error.message).toMatch(/reserved and spent/);
    expect((await edit(p.id, { version: v, max_redemptions: 0 })).status).toBe(400);
    // Paused, the same rules.
    expect((await admin.post(`/api/admin/promotions/${p.id}/status`, { status: 'paused' })).status).toBe(200);
    const paused = (await promotion(p.id)).version;
    const refusedMax = await edit(p.id, { version: paused, max_redemptions: 1 });
    expect(refusedMax.status).toBe(422);
    expect(refusedMax.body.error.code).toBe('PROMOTION_MAX_BELOW_HELD');
    const past = await edit(p.id, { version: paused, valid_to: new Date(Date.now() - 60_000).toISOString() });
    expect(past.status).toBe(422);
    expect(past.body.error.code).toBe('PROMOTION_END_IN_PAST');
    expect(await promotion(p.id)).toMatchObject({
      budget_cents: 1000,
      max_redemptions: 5,
      valid_to: null,
      version: paused,
      committed_cents: 600,
      redemptions_held: 2,
    });
    expect((await auditOf(p.id)).filter((a) => a.action === 'promotion.update')).toEqual([]);

    // Down to exactly what is taken, an end, uses per rider and a description: allowed, audited.
    const end = new Date(Date.now() + 72 * HOUR).toISOString();
    const ok = await edit(p.id, { version: paused, budget_cents: 600, max_redemptions: 2, valid_to: end, per_rider_limit: 2, description: 'Capped' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.promotion).toMatchObject({
      budget_cents: 600,
      max_redemptions: 2,
      valid_to: end,
      per_rider_limit: 2,
      description: 'Capped',
      status: 'paused',
    });
    const audit = (await auditOf(p.id)).filter((a) => a.action === 'promotion.update');
    expect(audit.map((a) => a.after)).toEqual([{ budget_cents: 600, max_redemptions: 2, valid_to: end, per_rider_limit: 2, description: 'Capped' }]);
    expect(audit[0]!.before).toEqual({ budget_cents: 1000, max_redemptions: 5, valid_to: null, per_rider_limit: 1, description: '' });
    // Resumed, it reads exhausted (the budget is all taken); no budget and no maximum lift it.
    expect((await admin.post(`/api/admin/promotions/${p.id}/status`, { status: 'active' })).body.promotion.status).toBe('exhausted');
    const lifted = await edit(p.id, { version: (await promotion(p.id)).version, budget_cents: null, max_redemptions: null });
    expect(lifted.body.promotion).toMatchObject({ budget_cents: null, max_redemptions: null, status: 'active' });
    for (const [i, r] of riders.entries()) expect((await r.client.post(`/api/rides/${booked[i]!.body.ride.id}/cancel`, {})).status).toBe(200);
  });
});

describe('backtest', () => {
  it('replays the last 30 days of completed rides with the rules: type, zone, minimum fare, first ride, per rider, max redemptions, budget', async () => {
    // Nothing else has completed a ride in this server yet: these are the city's last 30 days.
    const a = await newUser(server, 'Ann Backtest');
    const b = await newUser(server, 'Ben Backtest');
    await pastRide(a.id, { fare: 2000, daysAgo: 40 }); // outside the window, but makes Ann not new
    await pastRide(a.id, { fare: 1000, daysAgo: 10 });
    await pastRide(a.id, { fare: 3000, daysAgo: 9 });
    await pastRide(b.id, { fare: 500, daysAgo: 8 }); // below the minimum
    await pastRide(b.id, { fare: 1500, daysAgo: 7 });
    await pastRide(b.id, { fare: 2500, daysAgo: 6, type: 'xl' }); // not the ride type
    const percent = (
      await create({ kind: 'percent', value: 10, max_discount_cents: 250, min_fare_cents: 800, ride_types: ['economy'], status: 'draft', per_rider_limit: 5 })
    ).body.promotion;
    const res = await admin.post(`/api/admin/promotions/${percent.id}/backtest`, {});
    expect(res.status).toBe(200);
    // Qualifying: Ann 1000 (100), Ann 3000 (250 capped), Ben 1500 (150).
    expect(res.body.backtest).toMatchObject({
      currency: 'USD',
      rides_considered: 5,
      rides_qualified: 3,
      redemptions: 3,
      riders: 2,
      cost_cents: 500,
      limited_by: null,
    });

    const firstOnce = (await create({ kind: 'amount', value: 400, min_fare_cents: 800, first_ride_only: true, status: 'draft' })).body.promotion;
    // Ann had ridden before the window: only Ben's first ride (the 500 one is below the minimum; first ride only means his first completed ride).
    expect((await admin.post(`/api/admin/promotions/${firstOnce.id}/backtest`, {})).body.backtest).toMatchObject({
      rides_qualified: 0,
      redemptions: 0,
      cost_cents: 0,
    });

    const capped = (await create({ kind: 'amount', value: 400, max_redemptions: 2, per_rider_limit: 1, status: 'draft' })).body.promotion;
    expect((await admin.post(`/api/admin/promotions/${capped.id}/backtest`, {})).body.backtest).toMatchObject({
      rides_qualified: 5,
      redemptions: 2,
      riders: 2,
      cost_cents: 800,
    });
    const budget = (await create({ kind: 'amount', value: 400, budget_cents: 1000, per_rider_limit: 5, status: 'draft' })).body.promotion;
    expect((await admin.post(`/api/admin/promotions/${budget.id}/backtest`, {})).body.backtest).toMatchObject({
      redemptions: 2,
      cost_cents: 800,
      limited_by: 'budget',
    });
    expect((await admin.post('/api/admin/promotions/00000000-0000-4000-8000-000000000000/backtest', {})).status).toBe(404);
    // It reads only.
    expect(await redemptionsOf(percent.id)).toEqual([]);
  });

  it('replays a ride only as a live redemption would take it: a business ride takes no code, and the cost is the live discount (issue 27)', async () => {
    // Comfort only: the rides of the test above are Economy and XL (considered, never qualifying).
    const p = (await create({ kind: 'percent', value: 15, max_discount_cents: 5000, ride_types: ['comfort'], per_rider_limit: 5 })).body.promotion;
    // Live: a personal Comfort ride booked with the code holds a discount; the same code on a company's account is refused.
    const rider = await newUser(server, 'Pia Personal');
    const live = await book(rider.client, p.code, { ride_type: 'comfort' });
    expect(live.status, JSON.stringify(live.body)).toBe(201);
    const { fare_cents: fare, promo_discount_cents: liveDiscount } = live.body.ride as { fare_cents: number; promo_discount_cents: number };
    expect(liveDiscount).toBeGreaterThan(0);
    expect((await rider.client.post(`/api/rides/${live.body.ride.id}/cancel`, {})).status).toBe(200);
    const boss = await person(server, 'Bo Business');
    const company = await createCompany(admin, boss, 'Backtest');
    const onAccount = await book(boss.client, p.code, { ride_type: 'comfort', payment_method: 'business', company_id: company.id });
    expect([onAccount.status, onAccount.body.error?.code]).toEqual([422, 'BUSINESS_NO_PROMO']);

    // History: the same fare completed once on the company's account, once paid by its rider.
    await pastRide(boss.id, { fare, daysAgo: 5, type: 'comfort', companyId: company.id });
    await pastRide(rider.id, { fare, daysAgo: 4, type: 'comfort' });
    const backtest = (await admin.post(`/api/admin/promotions/${p.id}/backtest`, {})).body.backtest;
    expect(backtest.rides_considered).toBeGreaterThanOrEqual(2);
    expect(backtest).toMatchObject({ rides_qualified: 1, redemptions: 1, riders: 1, cost_cents: liveDiscount, limited_by: null });
  });
});

describe('a rider applies a code', () => {
  it('shows each ride type’s discount, and per option why not (ride type, minimum fare)', async () => {
    const rider = await newUser(server, 'Amy Apply');
    const p = (await create({ kind: 'percent', value: 50, max_discount_cents: 400, ride_types: ['economy', 'comfort'] })).body.promotion;
    const res = await apply(rider.client, p.code.toLowerCase());
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(p.code);
    const byType = Object.fromEntries(res.body.options.map((o: { ride_type: string }) => [o.ride_type, o]));
    expect(byType.economy.discount_cents).toBe(Math.min(400, Math.round(byType.economy.fare_cents / 2)));
    expect(byType.economy.refusal).toBeNull();
    expect(byType.xl).toMatchObject({ discount_cents: 0, refusal: 'ride_type', message: 'This code isn’t for this ride type.' });
    const minFare = (await create({ min_fare_cents: 1_000_000 })).body.promotion;
    const refused = (await apply(rider.client, minFare.code)).body.options;
    expect(refused.every((o: { refusal: string }) => o.refusal === 'min_fare')).toBe(true);
    // Nothing is reserved by Apply.
    expect(await redemptionsOf(p.id)).toEqual([]);
  });

  it('refuses each reason at Apply and again at request, booking nothing', async () => {
    const zone = await admin.post('/api/admin/zones', {
      city_id: 'sf',
      type: 'pricing_zone',
      name: 'Promo corner (tests)',
      color: '#0ea5e9',
      priority: 0,
      enabled: true,
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [-122.5, 37.73],
            [-122.49, 37.73],
            [-122.49, 37.74],
            [-122.5, 37.74],
            [-122.5, 37.73],
          ],
        ],
      },
    });
    expect(zone.status).toBe(201);
    const rider = await newUser(server, 'Rex Refused');
    const veteran = await newUser(server, 'Vera Veteran');
    await pastRide(veteran.id, { fare: 1000, daysAgo: 60 });
    const past = new Date(Date.now() - 48 * HOUR).toISOString();
    // A promotion whose one redemption another rider holds (their ride is under way).
    const taken = (await create({ max_redemptions: 1 })).body.promotion;
    const holder = await newUser(server, 'Hal Holder');
    const held = await book(holder.client, taken.code);
    expect(held.status).toBe(201);
    const cases: Array<[string, string, TestClient]> = [
      ['NOSUCHCODE1', 'PROMO_CODE_UNKNOWN', rider.client],
      [(await create({ status: 'draft' })).body.promotion.code, 'PROMO_CODE_INACTIVE', rider.client],
      [(await create({ valid_from: new Date(Date.now() + 24 * HOUR).toISOString() })).body.promotion.code, 'PROMO_CODE_INACTIVE', rider.client],
      [(await create({ valid_from: past, valid_to: new Date(Date.now() - HOUR).toISOString() })).body.promotion.code, 'PROMO_CODE_EXPIRED', rider.client],
      [taken.code, 'PROMO_CODE_SPENT', rider.client],
      [(await create({ first_ride_only: true })).body.promotion.code, 'PROMO_CODE_FIRST_RIDE', veteran.client],
      [(await create({ zone_ids: [zone.body.zone.id] })).body.promotion.code, 'PROMO_CODE_ZONE', rider.client],
      [(await create({ ride_types: ['xl'] })).body.promotion.code, 'PROMO_CODE_RIDE_TYPE', rider.client],
      [(await create({ min_fare_cents: 1_000_000 })).body.promotion.code, 'PROMO_CODE_MIN_FARE', rider.client],
    ];
    const paused = (await create({})).body.promotion;
    await admin.post(`/api/admin/promotions/${paused.id}/status`, { status: 'paused' });
    cases.push([paused.code, 'PROMO_CODE_INACTIVE', rider.client]);
    for (const [code, error, client] of cases) {
      const applied = await apply(client, code);
      // Ride type and minimum fare are per option at Apply; every other reason refuses the code.
      if (error === 'PROMO_CODE_RIDE_TYPE' || error === 'PROMO_CODE_MIN_FARE') {
        expect(applied.status).toBe(200);
        expect(applied.body.options.find((o: { ride_type: string }) => o.ride_type === 'economy').refusal).toBe(
          error === 'PROMO_CODE_RIDE_TYPE' ? 'ride_type' : 'min_fare',
        );
      } else {
        expect(applied.status, code).toBe(422);
        expect(applied.body.error.code, code).toBe(error);
      }
      const booked = await book(client, code);
      expect(booked.status, code).toBe(422);
      expect(booked.body.error.code, code).toBe(error);
      expect(booked.body.error.message.length).toBeGreaterThan(5);
    }
    expect(await ridesOf(rider.id)).toEqual([]);
    expect(await ridesOf(veteran.id).then((r) => r.filter((x) => x.status !== 'completed'))).toEqual([]);
    expect(await db().selectFrom('promo_redemptions').select('id').where('rider_id', 'in', [rider.id, veteran.id]).execute()).toEqual([]);
    expect((await apply(rider.client, 'x!')).status).toBe(400);
    // A budget smaller than this ride's discount refuses at request (and per option at Apply).
    const small = (await create({ budget_cents: 100 })).body.promotion;
    expect((await apply(rider.client, small.code)).body.options.every((o: { refusal: string }) => o.refusal === 'spent')).toBe(true);
    expect((await book(rider.client, small.code)).body.error.code).toBe('PROMO_CODE_SPENT');
    expect((await holder.client.post(`/api/rides/${held.body.ride.id}/cancel`, {})).status).toBe(200);
  });

  it('counts a use while the ride is under way (per-rider limit), and gives it back on cancel', async () => {
    const rider = await newUser(server, 'Una Used');
    const p = (await create({ per_rider_limit: 1 })).body.promotion;
    const booked = await book(rider.client, p.code);
    expect(booked.status).toBe(201);
    const ride = await db().selectFrom('rides').selectAll().where('id', '=', booked.body.ride.id).executeTakeFirstOrThrow();
    expect(ride.promo_discount_cents).toBe(300);
    // The rider's ride says what they will pay less.
    expect(booked.body.ride.promo_discount_cents).toBe(300);
    expect(await promotion(p.id)).toMatchObject({ redemptions_held: 1, committed_cents: 300 });
    expect((await apply(rider.client, p.code)).body.error.code).toBe('PROMO_CODE_USED');
    expect((await rider.client.post(`/api/rides/${ride.id}/cancel`, {})).status).toBe(200);
    expect((await redemptionsOf(p.id)).map((r) => r.state)).toEqual(['released']);
    expect(await promotion(p.id)).toMatchObject({ redemptions_held: 0, committed_cents: 0, spent_cents: 0 });
    expect((await apply(rider.client, p.code)).status).toBe(200);
    // The released redemption shows on the admin's list.
    const listed = (await admin.get(`/api/admin/promotions/${p.id}/redemptions`)).body.items;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ ride_id: ride.id, state: 'released', reserved_cents: 300, applied_cents: null, rider_name: 'Una Used' });
    expect((await admin.get(`/api/admin/promotions/${p.id}/redemptions?state=applied`)).body.items).toEqual([]);
  });

  it('releases the reservation when dispatch finds no driver', async () => {
    const rider = await newUser(server, 'Noel Nodriver');
    const p = (await create({ value: 200 })).body.promotion;
    const booked = await book(rider.client, p.code);
    expect(booked.status).toBe(201);
    expect(await promotion(p.id)).toMatchObject({ redemptions_held: 1, committed_cents: 200 });
    await db()
      .updateTable('rides')
      .set({ dispatch_deadline: new Date(Date.now() - 1000) })
      .where('id', '=', booked.body.ride.id)
      .execute();
    server.services.dispatcher.kick(booked.body.ride.id);
    await eventually(async () => (await rider.client.get(`/api/rides/${booked.body.ride.id}`)).body.ride.status === 'no_driver');
    expect((await redemptionsOf(p.id)).map((r) => r.state)).toEqual(['released']);
    expect(await promotion(p.id)).toMatchObject({ redemptions_held: 0, committed_cents: 0 });
  });
});

let driver: OnlineDriver | undefined;
async function completeWith(rider: TestClient, code?: string) {
  driver ??= await onlineDriver(server, admin, north(UNION_SQUARE, 300), 'Promo Pat');
  await driver.locate(north(UNION_SQUARE, 300));
  const booked = await book(rider, code);
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  const ride = booked.body.ride as { id: string; pin: string };
  await nextOffer(driver, ride.id);
  for (const step of ['accept', 'arrive']) expect((await driver.client.post(`/api/rides/${ride.id}/${step}`, {})).status).toBe(200);
  expect((await driver.client.post(`/api/rides/${ride.id}/start`, { pin: ride.pin })).status).toBe(200);
  expect((await driver.client.post(`/api/rides/${ride.id}/complete`, {})).status).toBe(200);
  return ride.id;
}
const completionEntries = async (rideId: string) =>
  (
    await db()
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
      .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
      .select(['a.code', 'e.line', 'e.amount_cents'])
      .where('t.idempotency_key', '=', `ride:${rideId}:completed`)
      .execute()
  ).map((e) => ({ code: e.code, line: e.line, amount_cents: Number(e.amount_cents) }));

describe('the reservation lifecycle', () => {
  it('request reserves, completion applies: the rider pays fare − discount, the driver earns on the full fare, the platform funds it', async () => {
    const p = (await create({ value: 350, budget_cents: 5000 })).body.promotion;
    const withCode = await newUser(server, 'Carla Code');
    const without = await newUser(server, 'Nico Nocode');
    const controlId = await completeWith(without.client);
    const rideId = await completeWith(withCode.client, p.code);
    const ride = await db().selectFrom('rides').selectAll().where('id', '=', rideId).executeTakeFirstOrThrow();
    const control = await db().selectFrom('rides').selectAll().where('id', '=', controlId).executeTakeFirstOrThrow();
    expect(ride.fare_cents).toBe(control.fare_cents);
    expect(ride.promo_discount_cents).toBe(350);

    const entries = await completionEntries(rideId);
    const controlEntries = await completionEntries(controlId);
    const line = (list: typeof entries, l: string) => list.filter((e) => e.line === l).reduce((s, e) => s + e.amount_cents, 0);
    expect(line(entries, 'fare_cash')).toBe(ride.fare_cents - 350); // the driver collected the discounted fare
    expect(entries.find((e) => e.line === 'promotion')).toEqual({ code: 'promotions', line: 'promotion', amount_cents: 350 });
    expect(line(entries, 'driver_earnings')).toBe(line(controlEntries, 'driver_earnings')); // not reduced
    expect(line(entries, 'commission')).toBe(line(controlEntries, 'commission'));
    expect(entries.reduce((s, e) => s + e.amount_cents, 0)).toBe(0);
    expect((await rideMoney(db(), ride)).paid_cents).toBe(ride.fare_cents - 350);
    expect((await trialBalance(db())).balanced).toBe(true);

    expect((await redemptionsOf(p.id)).map((r) => [r.state, r.reserved_cents, r.applied_cents])).toEqual([['applied', 350, 350]]);
    const view = (await admin.get(`/api/admin/promotions/${p.id}`)).body.promotion;
    expect(view).toMatchObject({ redemptions_applied: 1, redemptions_reserved: 0, spent_cents: 350, reserved_cents: 0, status: 'active' });
    // The financial dashboard's Promotions line is the ledger's.
    const today = new Date().toISOString().slice(0, 10);
    const dash = (await admin.get(`/api/admin/finance/dashboard?city=sf&from=${today}&to=${today}&tz=UTC`)).body;
    expect(dash.figures.promotions).toBeGreaterThanOrEqual(350);
    // Used once: the per-rider limit refuses a second.
    expect((await book(withCode.client, p.code)).body.error.code).toBe('PROMO_CODE_USED');
  });
});

describe('races: the limits hold', () => {
  it('a hundred riders at once for the last redemptions: exactly the allowed number', async () => {
    const allowed = 3;
    const p = (await create({ value: 100, max_redemptions: allowed, per_rider_limit: 1 })).body.promotion;
    const riders: { client: TestClient; id: string }[] = [];
    for (let i = 0; i < 100; i += 10) riders.push(...(await Promise.all(Array.from({ length: 10 }, (_, k) => newUser(server, `Racer ${i + k}`)))));
    const far = { pickup: { lat: 37.7694, lng: -122.4862, label: 'Golden Gate Park' }, destination: FERRY_BUILDING };
    const results = await Promise.all(
      riders.map((r) => r.client.post('/api/rides', { ...far, ride_type: 'economy', payment_method: 'cash', promo_code: p.code })),
    );
    const made = results.filter((r) => r.status === 201).length;
    const refused = results.filter((r) => r.status === 422 && r.body.error.code === 'PROMO_CODE_SPENT').length;
    const held = (await redemptionsOf(p.id)).filter((r) => r.state !== 'released').length;
    console.log(
      `promo race: attempts ${results.length}, redemptions allowed ${allowed}, redemptions made ${held} (${made} rides booked with the code, ${refused} refused PROMO_CODE_SPENT)`,
    );
    expect(results.filter((r) => r.status >= 500)).toEqual([]);
    expect(made).toBe(allowed);
    expect(refused).toBe(100 - allowed);
    expect(held).toBe(allowed);
    expect(await promotion(p.id)).toMatchObject({ redemptions_held: allowed, committed_cents: allowed * 100 });
    // Their cancels give the redemptions back.
    for (const [i, r] of results.entries())
      if (r.status === 201) expect((await riders[i]!.client.post(`/api/rides/${r.body.ride.id}/cancel`, {})).status).toBe(200);
    expect(await promotion(p.id)).toMatchObject({ redemptions_held: 0, committed_cents: 0 });

    // The budget: 250 for discounts of 100 is two rides, however many race.
    const b = (await create({ value: 100, budget_cents: 250, per_rider_limit: 1 })).body.promotion;
    const budgetRace = await Promise.all(
      riders.slice(0, 30).map((r) => r.client.post('/api/rides', { ...far, ride_type: 'economy', payment_method: 'cash', promo_code: b.code })),
    );
    const budgetMade = budgetRace.filter((r) => r.status === 201).length;
    console.log(`promo budget race: attempts ${budgetRace.length}, redemptions allowed 2 (budget 250, discount 100), redemptions made ${budgetMade}`);
    expect(budgetMade).toBe(2);
    expect(await promotion(b.id)).toMatchObject({ redemptions_held: 2, committed_cents: 200 });
    for (const [i, r] of budgetRace.entries()) if (r.status === 201) await riders[i]!.client.post(`/api/rides/${r.body.ride.id}/cancel`, {});
  }, 120_000);

  it('one rider racing ten requests with a once-per-rider code holds one redemption', async () => {
    const rider = await newUser(server, 'Solo Racer');
    const p = (await create({ value: 100, per_rider_limit: 1 })).body.promotion;
    const results = await Promise.all(Array.from({ length: 10 }, () => book(rider.client, p.code)));
    expect(results.filter((r) => r.status >= 500)).toEqual([]);
    // One booked; the others refused by the one-active-ride rule or the code's per-rider limit, never a 500.
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status !== 201).every((r) => ['ACTIVE_RIDE_EXISTS', 'PROMO_CODE_USED'].includes(r.body.error.code))).toBe(true);
    expect((await redemptionsOf(p.id)).filter((r) => r.state !== 'released')).toHaveLength(1);
    const won = results.find((r) => r.status === 201)!;
    await rider.client.post(`/api/rides/${won.body.ride.id}/cancel`, {});
  });
});

describe('properties', () => {
  it('the discount is never negative, never above the maximum, never above the fare', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('percent' as const, 'amount' as const),
        fc.integer({ min: 1, max: 100_000 }),
        fc.option(fc.integer({ min: 1, max: 100_000 }), { nil: null }),
        fc.integer({ min: -10, max: 1_000_000 }),
        (kind, rawValue, max, fare) => {
          const value = kind === 'percent' ? (rawValue % 100) + 1 : rawValue;
          const d = promoDiscountCents({ kind, value, max_discount_cents: max }, fare);
          expect(Number.isSafeInteger(d)).toBe(true);
          expect(d).toBeGreaterThanOrEqual(0);
          expect(d).toBeLessThanOrEqual(Math.max(0, fare));
          if (max !== null) expect(d).toBeLessThanOrEqual(max);
          if (kind === 'percent' && value === 100 && max === null && fare > 0) expect(d).toBe(fare);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('any sequence of reserve, apply and release keeps the books: applied + reserved = committed ≤ budget, per rider ≤ limit', async () => {
    const riders = await Promise.all([newUser(server, 'Prop One'), newUser(server, 'Prop Two'), newUser(server, 'Prop Three')]);
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          budget: fc.integer({ min: 100, max: 3000 }),
          max: fc.option(fc.integer({ min: 1, max: 6 }), { nil: null }),
          perRider: fc.integer({ min: 1, max: 3 }),
        }),
        fc.array(
          fc.record({
            op: fc.constantFrom('reserve', 'reserve', 'apply', 'release'),
            rider: fc.integer({ min: 0, max: 2 }),
            fare: fc.integer({ min: 100, max: 4000 }),
            pick: fc.nat(),
          }),
          { minLength: 1, maxLength: 25 },
        ),
        async (limits, ops) => {
          const p = (
            await create({
              kind: 'percent',
              value: 30,
              max_discount_cents: 700,
              budget_cents: limits.budget,
              max_redemptions: limits.max,
              per_rider_limit: limits.perRider,
            })
          ).body.promotion;
          const open: string[] = [];
          for (const op of ops) {
            if (op.op === 'reserve') {
              const rider = riders[op.rider]!;
              const ride = await db()
                .insertInto('rides')
                .values({
                  city_id: 'sf',
                  rider_id: rider.id,
                  ride_type: 'economy',
                  status: 'cancelled',
                  pickup_lat: 37.79,
                  pickup_lng: -122.4,
                  dropoff_lat: 37.77,
                  dropoff_lng: -122.45,
                  distance_m: 1,
                  duration_s: 1,
                  fare_cents: op.fare,
                  currency: 'USD',
                  pin: '1234',
                  share_token: randomBytes(32).toString('base64url'),
                })
                .returningAll()
                .executeTakeFirstOrThrow();
              try {
                await db()
                  .transaction()
                  .execute((trx) => reserveRidePromotion(trx, ride, { promotion_id: p.id, discount_cents: 0 }));
                open.push(ride.id);
              } catch (err) {
                expect(String((err as { code?: string }).code)).toMatch(/^PROMO_CODE_(SPENT|USED)$/);
              }
            } else if (open.length > 0) {
              const id = open.splice(op.pick % open.length, 1)[0]!;
              const ride = await db().selectFrom('rides').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
              await db()
                .transaction()
                .execute(async (trx) => {
                  if (op.op === 'apply') await applyRidePromotion(trx, ride);
                  else await releaseRidePromotion(trx, ride);
                });
            }
            const row = await promotion(p.id);
            const rs = await redemptionsOf(p.id);
            const applied = rs.filter((r) => r.state === 'applied').reduce((s, r) => s + (r.applied_cents ?? 0), 0);
            const reserved = rs.filter((r) => r.state === 'reserved').reduce((s, r) => s + r.reserved_cents, 0);
            expect(row.spent_cents).toBe(applied);
            expect(row.committed_cents).toBe(applied + reserved);
            expect(row.committed_cents).toBeLessThanOrEqual(limits.budget);
            expect(row.redemptions_held).toBe(rs.filter((r) => r.state !== 'released').length);
            if (limits.max !== null) expect(row.redemptions_held).toBeLessThanOrEqual(limits.max);
            for (const r of riders) expect(rs.filter((x) => x.rider_id === r.id && x.state !== 'released').length).toBeLessThanOrEqual(limits.perRider);
          }
        },
      ),
      { numRuns: 12 },
    );
  }, 120_000);
});

describe('what the rider reads after completion', () => {
  it('the rider reads the promotion as its own line and what they paid (receipt, notice, history); the driver the full fare (decision 0068)', async () => {
    const p = (await create({ kind: 'percent', value: 20, max_discount_cents: 500 })).body.promotion;
    const rider = await newUser(server, 'Rhea Receipt');
    const rideId = await completeWith(rider.client, p.code);
    const ride = await db().selectFrom('rides').selectAll().where('id', '=', rideId).executeTakeFirstOrThrow();
    const discount = ride.promo_discount_cents;
    expect(discount).toBe(Math.min(500, Math.round(ride.fare_cents * 0.2)));
    const money = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

    // The receipt: the fare lines add up to the fare, the promotion is its own line, the total is what was paid.
    const receipt = (await rider.client.get(`/api/rides/${rideId}/receipt`)).body.receipt;
    expect(receipt.lines.reduce((sum: number, l: { amount_cents: number }) => sum + l.amount_cents, 0)).toBe(ride.fare_cents);
    expect(receipt.promotion).toEqual({ code: p.code, discount_cents: discount });
    expect(receipt.paid_fare_cents).toBe(ride.fare_cents - discount);
    // The ledger agrees: what the rider paid, and the platform's promotion line.
    expect(receipt.money.paid_cents).toBe(ride.fare_cents - discount);
    expect((await completionEntries(rideId)).find((e) => e.line === 'promotion')?.amount_cents).toBe(discount);
    // The PDF is drawn from the same receipt.
    const pdf = await rider.client.get(`/api/rides/${rideId}/receipt.pdf`);
    expect(pdf.status).toBe(200);

    // The driver's receipt: the full fare their earnings are on, no rider's promotion.
    const driverReceipt = (await driver!.client.get(`/api/rides/${rideId}/receipt`)).body.receipt;
    expect(driverReceipt).toMatchObject({ promotion: null, paid_fare_cents: ride.fare_cents, money: null });

    // The completion notice.
    const notice = await db()
      .selectFrom('notifications')
      .select('message')
      .where('booking_id', '=', rideId)
      .where('user_id', '=', rider.id)
      .where('title', '=', 'Completed')
      .executeTakeFirst();
    expect(notice?.message).toBe(
      `You've arrived. Fare ${money(ride.fare_cents)}, Promo ${p.code} −${money(discount)}: you pay ${money(ride.fare_cents - discount)}. Rate your driver.`,
    );

    // The payment history's fare is what was paid.
    const history = (await rider.client.get('/api/payments/history')).body.items;
    const fareRow = history.find((h: { kind: string; ride: { id: string } | null }) => h.kind === 'fare' && h.ride?.id === rideId);
    expect(fareRow?.amount_cents).toBe(-(ride.fare_cents - discount));
    // …and names the code and what it took off (the platform paid it).
    expect(fareRow?.promotion).toEqual({ code: p.code, discount_cents: discount });

    // A ride without a code: no promotion line, the fare is the total.
    const plain = await newUser(server, 'Paul Plain');
    const plainId = await completeWith(plain.client);
    const plainReceipt = (await plain.client.get(`/api/rides/${plainId}/receipt`)).body.receipt;
    expect(plainReceipt).toMatchObject({ promotion: null, paid_fare_cents: plainReceipt.fare_cents });
    const plainRow = (await plain.client.get('/api/payments/history')).body.items.find(
      (h: { kind: string; ride: { id: string } | null }) => h.kind === 'fare' && h.ride?.id === plainId,
    );
    expect(plainRow?.promotion).toBeNull();
  });

  const sumOf = (rows: { amount_cents: number }[]) => rows.reduce((sum, r) => sum + r.amount_cents, 0);
  /** What a receipt's charge lines add up to: the fare's lines, less the promotion, plus carried fees and the tip. */
  const chargesOf = (receipt: {
    lines: { amount_cents: number }[];
    promotion: { discount_cents: number } | null;
    money: { carried_fee_cents: number; tip_cents: number };
  }) => sumOf(receipt.lines) - (receipt.promotion?.discount_cents ?? 0) + receipt.money.carried_fee_cents + receipt.money.tip_cents;

  it('a cash ride with a promotion and a tip: the tips offered are percentages of what the rider pays, and every line of the receipt sums to its total (issue 27)', async () => {
    const p = (await create({ kind: 'percent', value: 20, max_discount_cents: 500 })).body.promotion;
    const rider = await newUser(server, 'Tess Tipper');
    const rideId = await completeWith(rider.client, p.code);
    const ride = await db().selectFrom('rides').selectAll().where('id', '=', rideId).executeTakeFirstOrThrow();
    expect(ride.promo_discount_cents).toBeGreaterThan(0);
    const pays = ride.fare_cents - ride.promo_discount_cents;
    const pct = (percent: number) => Math.round((pays * percent) / 100);

    // The tip options are percentages of what the rider pays ($8.40 in the report, not the $10.50 fare).
    const payment = (await rider.client.get(`/api/rides/${rideId}/payment`)).body.payment;
    expect(payment.tip_options).toEqual([10, 15, 20].map((percent) => ({ percent, amount_cents: pct(percent) })));
    const tipped = await rider.client.post(`/api/rides/${rideId}/tip`, { percent: 15 });
    expect(tipped.status, JSON.stringify(tipped.body)).toBe(201);
    expect(tipped.body.tip).toMatchObject({ amount_cents: pct(15), method: 'cash' });

    // The receipt: the lines sum to the total, and so does "Payment method" — the cash fare and the cash tip.
    const receipt = (await rider.client.get(`/api/rides/${rideId}/receipt`)).body.receipt;
    expect(receipt.total_cents).toBe(pays + pct(15));
    expect(chargesOf(receipt)).toBe(receipt.total_cents);
    expect(receipt.payments).toEqual([
      { kind: 'cash', amount_cents: pays },
      { kind: 'tip_cash', amount_cents: pct(15) },
    ]);
    expect(sumOf(receipt.payments)).toBe(receipt.total_cents);
    // The ledger says the same: what the rider paid, tip included.
    expect(receipt.money.paid_cents).toBe(receipt.total_cents);
    // The PDF is drawn from those rows.
    expect((await rider.client.get(`/api/rides/${rideId}/receipt.pdf`)).status).toBe(200);
  });

  it('for any fare, promotion, carried fee and tip, the receipt’s lines sum to its total and so do its payment rows (issue 27)', async () => {
    driver ??= await onlineDriver(server, admin, north(UNION_SQUARE, 300), 'Promo Pat');
    const rider = await newUser(server, 'Una Property');
    // A real price snapshot, itemised again for other distances and times (a rounding line makes the fare's lines add up).
    const snapshot = (
      await db()
        .selectFrom('rides')
        .select('pricing')
        .where('status', '=', 'completed')
        .where('pricing', 'is not', null)
        .where(sql<boolean>`pricing ? 'base_cents'`)
        .executeTakeFirstOrThrow()
    ).pricing;
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          fare: fc.integer({ min: 100, max: 30_000 }),
          distance_m: fc.integer({ min: 100, max: 40_000 }),
          duration_s: fc.integer({ min: 60, max: 5_000 }),
          carried: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 3_000 })),
          promo: fc.option(
            fc.record({
              kind: fc.constantFrom('percent', 'amount'),
              value: fc.integer({ min: 1, max: 100 }),
              max: fc.option(fc.integer({ min: 1, max: 2_000 }), { nil: undefined }),
            }),
            { nil: null },
          ),
          tip: fc.oneof(
            fc.record({ percent: fc.constantFrom(10, 15, 20) }),
            fc.record({ amount_cents: fc.integer({ min: 1, max: 20_000 }) }),
            fc.constant(null),
          ),
        }),
        async (c) => {
          const promo = c.promo
            ? (
                await create({
                  kind: c.promo.kind,
                  value: c.promo.kind === 'amount' ? c.promo.value * 25 : c.promo.value,
                  ...(c.promo.max ? { max_discount_cents: c.promo.max } : {}),
                  per_rider_limit: 100,
                })
              ).body.promotion
            : null;
          const now = new Date();
          const row = await db()
            .insertInto('rides')
            .values({
              city_id: 'sf',
              rider_id: rider.id,
              driver_id: driver!.driverId,
              ride_type: 'economy',
              status: 'completed',
              pickup_lat: 37.79,
              pickup_lng: -122.4,
              dropoff_lat: 37.77,
              dropoff_lng: -122.45,
              distance_m: c.distance_m,
              duration_s: c.duration_s,
              fare_cents: c.fare,
              carried_fee_cents: c.carried,
              currency: 'USD',
              pin: '1234',
              share_token: randomBytes(32).toString('base64url'),
              requested_at: new Date(now.getTime() - 20 * 60_000),
              completed_at: now,
              pricing: JSON.stringify(snapshot),
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          // Completion as completeRide does it: the reservation applied, the fare posted.
          await db()
            .transaction()
            .execute(async (trx) => {
              const held = promo ? await reserveRidePromotion(trx, row, { promotion_id: promo.id, discount_cents: promoDiscountCents(promo, c.fare) }) : row;
              await applyRidePromotion(trx, held);
              await postRideCompleted(trx, held);
            });
          const discount = promo ? promoDiscountCents(promo, c.fare) : 0;
          // A percentage of what the rider pays for the fare (nothing to tip on a fare the promotion paid whole: refused, 400).
          const tip = c.tip ? ('percent' in c.tip ? Math.round(((c.fare - discount) * c.tip.percent) / 100) : c.tip.amount_cents) : 0;
          if (c.tip) expect((await rider.client.post(`/api/rides/${row.id}/tip`, c.tip)).status).toBe(tip > 0 ? 201 : 400);
          const receipt = (await rider.client.get(`/api/rides/${row.id}/receipt`)).body.receipt;
          expect(receipt.money.tip_cents).toBe(tip);
          expect(receipt.total_cents).toBe(c.fare - discount + c.carried + tip);
          expect(chargesOf(receipt)).toBe(receipt.total_cents);
          expect(sumOf(receipt.payments)).toBe(receipt.total_cents);
        },
      ),
      { numRuns: 15 },
    );
  }, 90_000);
});
