import { DEFAULT_SURGE_RULE } from '@openride/shared/surge/surge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './http-client';
import { adminOf, ADMIN_ENV, approvedDriverOf, GOLDEN_GATE_PARK, newUser } from './ride-actors';
import { signQuoteLock } from '../src/surge/quote-lock';
import { startTestServer, type TestServer } from './test-server';

/**
 * Surge (issue 12, decision 0035), through the admin API: the multiplier of the downtown pricing zone follows
 * ride requests over idle drivers there, a limited step per update; freeze and overrides win at once; every
 * write is refused to non-admins and audited; bad input changes nothing. The update itself runs by hand here
 * (`services.surge.tick(at)`), as the elected process runs it every minute.
 */
let server: TestServer;
let admin: TestClient;
/** Inside the seeded downtown pricing zone (Financial District / SoMa). */
const DOWNTOWN = { lat: 37.788, lng: -122.398, label: 'Downtown' };
const at = (msFromNow: number) => new Date(Date.now() + msFromNow);

beforeAll(async () => {
  server = await startTestServer(ADMIN_ENV, { surge: { tick: false }, dispatchTick: false });
  admin = await adminOf(server);
});
afterAll(() => server?.stop());

const overview = async () => {
  const res = await admin.get('/api/admin/surge?city_id=sf');
  expect(res.status).toBe(200);
  return res.body;
};
type ZoneRow = { name: string; zone_id: string; multiplier_tenths: number; override_tenths: number | null };
const downtownOf = (body: { zones: ZoneRow[] }) => body.zones.find((z) => /downtown/i.test(z.name))!;

describe('surge', () => {
  it('rises with demand in the zone, a limited step per update, says why, and keeps a timeline', async () => {
    const before = await overview();
    expect(before.rule).toEqual(DEFAULT_SURGE_RULE);
    expect(before.frozen).toBe(false);
    const zone = downtownOf(before);
    expect(zone).toMatchObject({ multiplier_tenths: 10 });

    // Five riders ask for rides downtown; no driver is free there.
    for (let i = 0; i < 5; i++) {
      const rider = await newUser(server);
      const res = await rider.client.post('/api/rides', {
        pickup: { ...DOWNTOWN, lat: DOWNTOWN.lat + i * 0.0005 },
        destination: GOLDEN_GATE_PARK,
        ride_type: 'economy',
        payment_method: 'cash',
      });
      expect(res.status).toBe(201);
    }
    await server.services.surge.tick(at(0));
    let now = downtownOf(await overview());
    // Ratio 5 (five requests, drivers counted as at least one) reaches the top step (3 → 2.0×); one update moves 0.2×.
    expect(now).toMatchObject({ requests: 5, drivers: 0, ratio: 5, threshold: 3, reason: 'ratio', multiplier_tenths: 12 });

    // Two processes ticking at the same moment step the zone once.
    await Promise.all([server.services.surge.tick(at(60_000)), server.services.surge.tick(at(60_000))]);
    now = downtownOf(await overview());
    expect(now.multiplier_tenths).toBe(14);
    await server.services.surge.tick(at(120_000));
    await server.services.surge.tick(at(180_000));
    await server.services.surge.tick(at(240_000));
    expect(downtownOf(await overview()).multiplier_tenths).toBe(20);

    // Demand leaves the window (5 minutes): the multiplier falls back step by step.
    await server.services.surge.tick(at(10 * 60_000));
    expect(downtownOf(await overview())).toMatchObject({ requests: 0, reason: 'too_few_requests', multiplier_tenths: 18 });

    const timeline = await admin.get(`/api/admin/surge/zones/${zone.zone_id}/timeline?hours=1`);
    expect(timeline.status).toBe(200);
    expect(timeline.body.points.map((p: { multiplier_tenths: number }) => p.multiplier_tenths)).toEqual([12, 14, 16, 18, 20, 18]);
  });

  it('freeze holds 1.0× at once and through updates; an override holds its value until cleared', async () => {
    const zone = downtownOf(await overview());
    const frozen = await admin.post('/api/admin/surge/freeze', { city_id: 'sf', frozen: true });
    expect(frozen.status).toBe(200);
    expect(downtownOf(frozen.body)).toMatchObject({ multiplier_tenths: 10, reason: 'frozen' });
    expect((await server.services.surge.quoteFor({ id: zone.zone_id, name: zone.name })).multiplier_tenths).toBe(10);
    await server.services.surge.tick(at(20 * 60_000));
    expect(downtownOf(await overview()).multiplier_tenths).toBe(10);
    expect((await admin.post('/api/admin/surge/freeze', { city_id: 'sf', frozen: false })).body.frozen).toBe(false);

    const until = at(3_600_000).toISOString();
    const set = await admin.post(`/api/admin/surge/zones/${zone.zone_id}/override`, { multiplier_tenths: 17, until });
    expect(set.status).toBe(200);
    expect(set.body.zone).toMatchObject({ multiplier_tenths: 17, reason: 'override', override_tenths: 17, override_until: until });
    expect((await server.services.surge.quoteFor({ id: zone.zone_id, name: zone.name })).multiplier_tenths).toBe(17);
    await server.services.surge.tick(at(30 * 60_000));
    expect(downtownOf(await overview()).multiplier_tenths).toBe(17);

    const cleared = await admin.request(`/api/admin/surge/zones/${zone.zone_id}/override`, { method: 'DELETE', json: {} });
    expect(cleared.status).toBe(200);
    expect(cleared.body.zone.override_tenths).toBeNull();

    const log = await admin.get('/api/admin/audit-log?limit=20');
    const actions = log.body.items.map((e: { action: string }) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['surge.freeze', 'surge.unfreeze', 'surge.override', 'surge.override_clear']));
  });

  it('saves a valid rule and refuses a bad one with the reason, changing nothing', async () => {
    const rule = {
      ...DEFAULT_SURGE_RULE,
      cap_tenths: 18,
      thresholds: [
        { ratio: 1.5, multiplier_tenths: 13 },
        { ratio: 2.5, multiplier_tenths: 18 },
      ],
    };
    const saved = await admin.request('/api/admin/surge/rule', { method: 'PUT', json: { city_id: 'sf', rule } });
    expect(saved.status).toBe(200);
    expect(saved.body.rule).toEqual(rule);

    const descending = await admin.request('/api/admin/surge/rule', {
      method: 'PUT',
      json: {
        city_id: 'sf',
        rule: {
          ...rule,
          thresholds: [
            { ratio: 2, multiplier_tenths: 15 },
            { ratio: 1, multiplier_tenths: 12 },
          ],
        },
      },
    });
    expect(descending.status).toBe(400);
    expect(JSON.stringify(descending.body)).toContain('Each step needs a higher ratio than the one before.');
    const capBelowFloor = await admin.request('/api/admin/surge/rule', {
      method: 'PUT',
      json: { city_id: 'sf', rule: { ...rule, cap_tenths: 8, floor_tenths: 10, thresholds: [] } },
    });
    expect(capBelowFloor.status).toBe(400);
    const zone = downtownOf(await overview());
    const past = await admin.post(`/api/admin/surge/zones/${zone.zone_id}/override`, { multiplier_tenths: 15, until: at(-60_000).toISOString() });
    expect(past.status).toBe(400);
    expect(JSON.stringify(past.body)).toContain('The end must be in the future.');
    expect(
      (await admin.post(`/api/admin/surge/zones/${crypto.randomUUID()}/override`, { multiplier_tenths: 15, until: at(60_000).toISOString() })).status,
    ).toBe(404);
    expect((await admin.get('/api/admin/surge?city_id=atlantis')).status).toBe(404);

    const after = await overview();
    expect(after.rule).toEqual(rule);
    expect(downtownOf(after).override_tenths).toBeNull();
    // Back to the default for the other tests.
    expect((await admin.request('/api/admin/surge/rule', { method: 'PUT', json: { city_id: 'sf', rule: DEFAULT_SURGE_RULE } })).status).toBe(200);
  });

  it('refuses every surge read and write to riders, drivers and visitors, and the demo switch outside a demo', async () => {
    const rider = await newUser(server);
    const driver = await approvedDriverOf(server, admin);
    const zoneId = downtownOf(await overview()).zone_id;
    const until = at(60_000).toISOString();
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/admin/surge?city_id=sf'],
      ['GET', `/api/admin/surge/zones/${zoneId}/timeline`],
      ['PUT', '/api/admin/surge/rule', { city_id: 'sf', rule: DEFAULT_SURGE_RULE }],
      ['POST', '/api/admin/surge/freeze', { city_id: 'sf', frozen: true }],
      ['POST', `/api/admin/surge/zones/${zoneId}/override`, { multiplier_tenths: 20, until }],
      ['DELETE', `/api/admin/surge/zones/${zoneId}/override`, {}],
      ['POST', '/api/admin/surge/demo-rush', { city_id: 'sf', on: true }],
    ];
    for (const [method, path, json] of calls) {
      const init = { method, ...(json ? { json } : {}) } as Parameters<TestClient['request']>[1];
      expect((await rider.client.request(path, init)).status, `${method} ${path} as a rider`).toBe(403);
      expect((await driver.client.request(path, init)).status, `${method} ${path} as a driver`).toBe(403);
      expect((await server.client().request(path, init)).status, `${method} ${path} signed out`).toBe(401);
    }
    const after = await overview();
    expect(after.frozen).toBe(false);
    expect(downtownOf(after).override_tenths).toBeNull();
    expect(after.demo).toBe(false);
    expect((await admin.post('/api/admin/surge/demo-rush', { city_id: 'sf', on: true })).status).toBe(404);
  });
});

describe('what riders are charged', () => {
  it("quotes carry the zone's multiplier, the ride is charged the quoted one, and a request without a valid quote while surging is sent back to the new fare", async () => {
    const zone = downtownOf(await overview());
    // Back to 1.0× from where the tests above left the zone: a freeze sets every zone to 1.0×.
    expect((await admin.post('/api/admin/surge/freeze', { city_id: 'sf', frozen: true })).status).toBe(200);
    expect((await admin.post('/api/admin/surge/freeze', { city_id: 'sf', frozen: false })).status).toBe(200);
    const trip = { pickup: DOWNTOWN, destination: GOLDEN_GATE_PARK };
    const rider = await newUser(server);
    const plain = (await rider.client.post('/api/rides/quote', trip)).body;
    expect(plain).toMatchObject({ surge_tenths: 10, surge_zone: null });

    expect((await admin.post(`/api/admin/surge/zones/${zone.zone_id}/override`, { multiplier_tenths: 17, until: at(3_600_000).toISOString() })).status).toBe(
      200,
    );
    const busy = (await rider.client.post('/api/rides/quote', trip)).body;
    expect(busy).toMatchObject({ surge_tenths: 17, surge_zone: zone.name });
    const fare = (q: { options: Array<{ ride_type: string; fare_cents: number }> }) => q.options.find((o) => o.ride_type === 'economy')!.fare_cents;
    // Surge multiplies the trip price, never the booking fee ($2.50 in the demo city).
    expect(fare(busy) - 250).toBe(Math.round((fare(plain) - 250) * 1.7));
    // Outside every pricing zone there is no surge.
    expect((await rider.client.post('/api/rides/quote', { pickup: GOLDEN_GATE_PARK, destination: DOWNTOWN })).body.surge_tenths).toBe(10);

    const rides = async () =>
      Number(
        (
          await server.services.db
            .selectFrom('rides')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('rider_id', '=', rider.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const request = (extra: Record<string, unknown>) => rider.client.post('/api/rides', { ...trip, ride_type: 'economy', payment_method: 'cash', ...extra });
    // No quote, a forged one, or one older than two minutes: refused with the words to look again; nothing booked.
    const stale = signQuoteLock(server.services.quoteKey, { zone_id: zone.zone_id, multiplier_tenths: 10, pickup: DOWNTOWN, issued_at: at(-3 * 60_000) });
    const forged = busy.quote_token.replace(/.$/, (c: string) => (c === 'A' ? 'B' : 'A'));
    for (const extra of [{}, { quote_token: stale }, { quote_token: forged }, { quote_token: 'nonsense' }]) {
      const refused = await request(extra);
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe('QUOTE_EXPIRED');
    }
    expect(await rides()).toBe(0);

    // Surge moves on after the quote: the ride is still charged what the quote showed.
    expect((await admin.post(`/api/admin/surge/zones/${zone.zone_id}/override`, { multiplier_tenths: 20, until: at(3_600_000).toISOString() })).status).toBe(
      200,
    );
    const booked = await request({ quote_token: busy.quote_token });
    expect(booked.status).toBe(201);
    expect(booked.body.ride.fare_cents).toBe(fare(busy));
    const row = await server.services.db.selectFrom('rides').select('pricing').where('id', '=', booked.body.ride.id).executeTakeFirstOrThrow();
    expect(row.pricing).toMatchObject({ surge_multiplier: 1.7, pickup_zone_id: zone.zone_id });
    expect((await rider.client.post(`/api/rides/${booked.body.ride.id}/cancel`, {})).status).toBe(200);

    // Frozen, quotes are at 1.0× at once, and a quote-less request goes through again.
    expect((await admin.post('/api/admin/surge/freeze', { city_id: 'sf', frozen: true })).status).toBe(200);
    expect((await rider.client.post('/api/rides/quote', trip)).body.surge_tenths).toBe(10);
    const calm = await request({});
    expect(calm.status).toBe(201);
    expect(calm.body.ride.fare_cents).toBe(fare(plain));
    expect((await rider.client.post(`/api/rides/${calm.body.ride.id}/cancel`, {})).status).toBe(200);
    expect((await admin.post('/api/admin/surge/freeze', { city_id: 'sf', frozen: false })).status).toBe(200);
    expect((await admin.request(`/api/admin/surge/zones/${zone.zone_id}/override`, { method: 'DELETE', json: {} })).status).toBe(200);
  });
});
