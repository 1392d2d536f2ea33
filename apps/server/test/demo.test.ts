import { distanceMeters, gridPath, snapToStreet } from '@openride/shared/geo/street-grid';
import type { ServerFrame } from '@openride/shared/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putWeekSchema, toMinutes } from '@openride/shared/schedule/schemas';
import {
  DEMO_ADMIN_EMAIL,
  DEMO_COMPANY_ADMIN_EMAIL,
  DEMO_DOMAIN,
  DEMO_STAFF_ROLES,
  demoStaffEmail,
  DEMO_PASSWORD,
  DEMO_RIDER_EMAIL,
  demoDriverEmail,
  demoDriverWeek,
  demoPassengerEmail,
} from '../src/demo/demo-accounts';
import { seedDemo } from '../src/demo/seed-demo';
import { parseEnv } from '../src/env';
import { createLogger } from '../src/lib/logger';
import { type RunningServer, startServer } from '../src/server';
import { TestClient } from './http-client';
import { openSocket } from './socket-client';
import { freePort, GOOD_PASSWORD, uniqueEmail, uniquePhone } from './test-server';
import { createTestDatabase, type TestDatabase, testRedisPrefix } from './test-database';

const DEMO_ENV = { DEMO: '1', DEMO_DRIVERS: '3', DEMO_SPEED: '30', TRUST_PROXY: '1' };
const SPEED = 30;
// Driver 1 lives around Union Square, 2 around Mission Dolores, 3 around the Ferry Building (sim/sim-geo.ts).
const UNION_SQUARE = { lat: 37.7879, lng: -122.4074, label: 'Union Square' };
const PAINTED_LADIES = { lat: 37.7762, lng: -122.4328, label: 'Painted Ladies' };

type Started = { server: RunningServer; stop(): Promise<void> };

/**
 * A server with DEMO=1, on a database we keep between starts (startTestServer makes a new one each time).
 * The server starts the demo city itself (server.ts) and stops it on close.
 */
async function startDemoServer(database: TestDatabase, extraEnv: Record<string, string> = {}): Promise<Started> {
  const port = await freePort();
  const env = parseEnv({
    NODE_ENV: 'test',
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    WEB_DIST: '/nonexistent',
    ...database.env,
    ...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL, REDIS_PREFIX: testRedisPrefix() } : {}),
    ...DEMO_ENV,
    ...extraEnv,
  });
  const server = await startServer(env, createLogger(env.LOG_LEVEL));
  return { server, stop: () => server.close() };
}

/** Whether the server's own demo (wired in server.ts) has its drivers online within `ms`. */
async function demoDriversOnline(server: RunningServer, ms: number) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const row = await server.services.db
      .selectFrom('drivers')
      .innerJoin('user', 'user.id', 'drivers.user_id')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user.email', 'like', `%@${DEMO_DOMAIN}`)
      .where('drivers.status', '=', 'available')
      .executeTakeFirstOrThrow();
    if (Number(row.n) >= 3) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

async function demoRows(server: RunningServer) {
  const db = server.services.db;
  const users = await db.selectFrom('user').select(['id', 'email']).where('email', 'like', `%@${DEMO_DOMAIN}`).orderBy('email').execute();
  const drivers = await db
    .selectFrom('drivers')
    .innerJoin('user', 'user.id', 'drivers.user_id')
    .select([
      'drivers.id',
      'user.email',
      'drivers.verification_status',
      'drivers.license_plate',
      'drivers.vehicle_make',
      'drivers.vehicle_model',
      'drivers.vehicle_color',
    ])
    .where('user.email', 'like', `%@${DEMO_DOMAIN}`)
    .orderBy('user.email')
    .execute();
  const profiles = await db
    .selectFrom('profiles')
    .select(['id', 'phone', 'full_name'])
    .where(
      'id',
      'in',
      users.map((u) => u.id),
    )
    .execute();
  return { users, drivers, profiles };
}

/** How many papers (documents, policies, their files) the demo drivers have. */
async function demoPapers(server: RunningServer) {
  const db = server.services.db;
  const count = async (table: 'driver_documents' | 'insurance_policies') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const files = await db
    .selectFrom('files')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return { documents: await count('driver_documents'), policies: await count('insurance_policies'), files: Number(files.n) };
}

/** Every demo driver's weekly blocks, as "weekday start–end" in minutes, per driver email. */
async function demoSchedules(server: RunningServer) {
  const db = server.services.db;
  const rows = await db
    .selectFrom('driver_schedules')
    .innerJoin('drivers', 'drivers.id', 'driver_schedules.driver_id')
    .innerJoin('user', 'user.id', 'drivers.user_id')
    .leftJoin('driver_schedule_blocks as b', 'b.driver_id', 'driver_schedules.driver_id')
    .select(['user.email', 'driver_schedules.city_id', 'b.weekday', 'b.start_minute', 'b.end_minute'])
    .where('user.email', 'like', `%@${DEMO_DOMAIN}`)
    .orderBy('user.email')
    .orderBy('b.weekday')
    .orderBy('b.start_minute')
    .execute();
  const out: Record<string, string[]> = {};
  for (const r of rows) {
    expect(r.city_id).toBe('sf');
    out[r.email] ??= [];
    if (r.weekday !== null) out[r.email]!.push(`${r.weekday} ${r.start_minute}-${r.end_minute}`);
  }
  return out;
}

/** Driver n's seeded week in the same form. */
const expectedWeek = (n: number) =>
  demoDriverWeek(n)
    .map((b) => ({ weekday: b.weekday, start: toMinutes(b.start), end: toMinutes(b.end) }))
    .sort((a, b) => a.weekday - b.weekday || a.start - b.start)
    .map((b) => `${b.weekday} ${b.start}-${b.end}`);

/** Metres from a point to a polyline (local flat projection: plenty for a city). */
function offRoute(p: [number, number], line: [number, number][]) {
  const k = Math.cos((p[0] * Math.PI) / 180);
  const xy = (q: [number, number]) => [q[1] * k * 111_195, q[0] * 111_195] as const;
  const [px, py] = xy(p);
  let best = Infinity;
  for (let i = 1; i < line.length; i++) {
    const [ax, ay] = xy(line[i - 1]!);
    const [bx, by] = xy(line[i]!);
    const len2 = (bx - ax) ** 2 + (by - ay) ** 2;
    const t = len2 ? Math.max(0, Math.min(1, ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / len2)) : 0;
    best = Math.min(best, Math.hypot(px - (ax + t * (bx - ax)), py - (ay + t * (by - ay))));
  }
  return best;
}

let database: TestDatabase;
let first: Started;
beforeAll(async () => {
  database = await createTestDatabase();
  first = await startDemoServer(database);
  // startServer returns once the demo's drivers have gone online.
  expect(await demoDriversOnline(first.server, 5_000)).toBe(true);
});
afterAll(async () => {
  await first?.stop();
  await database?.drop();
});

describe('the demo city', () => {
  it('seeds a rider, an admin and 3 approved drivers with cars and unique phones, and each can sign in', async () => {
    const { users, drivers, profiles } = await demoRows(first.server);
    expect(users.map((u) => u.email)).toEqual(
      [
        DEMO_ADMIN_EMAIL,
        DEMO_COMPANY_ADMIN_EMAIL,
        demoDriverEmail(1),
        demoDriverEmail(2),
        demoDriverEmail(3),
        DEMO_RIDER_EMAIL,
        ...DEMO_STAFF_ROLES.map(demoStaffEmail),
      ].sort(),
    );
    expect(drivers).toHaveLength(3);
    for (const d of drivers) {
      expect(d.verification_status).toBe('approved');
      expect(d.license_plate).toMatch(/^\d[A-Z]{3}\d{3}$/);
      expect(d.vehicle_make && d.vehicle_model && d.vehicle_color).toBeTruthy();
    }
    const phones = profiles.map((p) => p.phone);
    expect(phones.every((p) => p && /^\d{10}$/.test(p))).toBe(true);
    expect(new Set(phones).size).toBe(11);

    const url = first.server.url;
    const rider = new TestClient(url);
    expect((await rider.post('/api/functions/auth-with-rate-limit', { action: 'signin', email: DEMO_RIDER_EMAIL, password: DEMO_PASSWORD })).status).toBe(200);
    expect((await rider.get('/api/me')).body).toMatchObject({ isAdmin: false, profile: { full_name: 'Riley Demo' } });
    // A staff member of each role but the owner's (the demo admin is the owner), each of every city.
    for (const role of DEMO_STAFF_ROLES) {
      const member = new TestClient(url);
      await member.post('/api/functions/auth-with-rate-limit', { action: 'signin', email: demoStaffEmail(role), password: DEMO_PASSWORD });
      expect((await member.get('/api/me')).body.staff).toMatchObject({ role, city_ids: null });
    }
    // Created as sign-up creates people: agreed to the Terms and Privacy Policy in force, so not asked again.
    expect((await rider.get('/api/legal/status')).body).toMatchObject({ needs_acceptance: false, accepted: { terms: 1, privacy: 1 } });
    // Decision 0067: the demo rider rides on Acme Logistics' account; its company admin manages it.
    expect((await rider.get('/api/corporate/companies')).body.companies).toEqual([
      expect.objectContaining({ name: 'Acme Logistics', role: 'member', company_status: 'active', expense_code_required: true }),
    ]);
    const companyAdmin = new TestClient(url);
    expect(
      (await companyAdmin.post('/api/functions/auth-with-rate-limit', { action: 'signin', email: DEMO_COMPANY_ADMIN_EMAIL, password: DEMO_PASSWORD })).status,
    ).toBe(200);
    const acme = (await companyAdmin.get('/api/corporate/companies')).body.companies[0];
    expect(acme).toMatchObject({ name: 'Acme Logistics', role: 'admin' });
    expect((await companyAdmin.get(`/api/corporate/companies/${acme.company_id}`)).body.members).toHaveLength(2);

    const admin = new TestClient(url);
    expect((await admin.post('/api/functions/auth-with-rate-limit', { action: 'signin', email: DEMO_ADMIN_EMAIL, password: DEMO_PASSWORD })).status).toBe(200);
    const me = (await admin.get('/api/me')).body;
    expect(me.isAdmin).toBe(true);
    expect(me.adminPath).toBe(first.server.services.adminPath);

    const driver = new TestClient(url);
    expect((await driver.post('/api/functions/auth-with-rate-limit', { action: 'signin', email: demoDriverEmail(2), password: DEMO_PASSWORD })).status).toBe(
      200,
    );
    const active = await driver.get('/api/drivers/me/active');
    expect(active.status).toBe(200);
    expect(active.body.driver).toMatchObject({ verification_status: 'approved', status: 'available' });

    // Their week is on /driver-schedule (decision 0047): the evening peak for driver 2, with a next shift.
    const schedule = (await driver.get('/api/drivers/me/schedule')).body.schedule;
    expect(schedule.city).toMatchObject({ id: 'sf', timezone: 'America/Los_Angeles' });
    expect(schedule.blocks).toEqual(
      expect.arrayContaining([
        { weekday: 1, start: '15:30', end: '21:00' },
        { weekday: 5, start: '15:30', end: '21:00' },
      ]),
    );
    expect(schedule.blocks).toHaveLength(5);
    expect(schedule.next_shift).toMatchObject({ start: '15:30', end: '21:00' });
    // The coverage grid on /driver-admin-dashboard is filled: about 78 of the week's 168 hours have a driver.
    const coverage = await admin.get('/api/admin/schedule-coverage?city=sf');
    expect(coverage.status).toBe(200);
    const scheduled = (coverage.body.cells as { weekday: number; hour: number; scheduled: number }[]).filter((c) => c.scheduled > 0);
    expect(scheduled.length).toBeGreaterThan(60);
    // Thursday 20:00: driver 2's evening peak ends as driver 3's night begins.
    expect(scheduled.find((c) => c.weekday === 4 && c.hour === 20)?.scheduled).toBe(2);
    // Driver 3 drives weekend nights: Friday 20:00 into Saturday 03:00, counted in the small hours too.
    expect(scheduled.find((c) => c.weekday === 6 && c.hour === 2)?.scheduled).toBe(1);

    // Their papers (decision 0053): the demo city requires all five, every demo driver is compliant, with a
    // picture of each paper in file storage that the admin can open; driver 2's insurance is expiring soon.
    const { drivers: seeded } = await demoRows(first.server);
    for (const d of seeded) {
      const compliance = (await admin.get(`/api/admin/drivers/${d.id}/compliance`)).body;
      expect(compliance.city.id).toBe('sf');
      expect(compliance.items.map((i: { required: boolean }) => i.required)).toEqual([true, true, true, true, true]);
      expect(compliance.on_hold, `${d.email}: ${compliance.hold_reasons}`).toBe(false);
    }
    const driver2 = seeded.find((d) => d.email === demoDriverEmail(2))!;
    const insurance = (await admin.get(`/api/admin/drivers/${driver2.id}/compliance`)).body.items.find((i: { kind: string }) => i.kind === 'insurance');
    expect(insurance).toMatchObject({ status: 'expiring', days_left: 23 });
    const { db, storage } = first.server.services;
    const file = await db
      .selectFrom('insurance_policies as p')
      .innerJoin('files as f', 'f.id', 'p.file_id')
      .innerJoin('drivers as d', 'd.id', 'p.driver_id')
      .select(['f.storage_key', 'f.purpose', 'f.content_type', 'f.owner_id', 'd.user_id'])
      .where('p.driver_id', '=', driver2.id)
      .executeTakeFirstOrThrow();
    expect(file).toMatchObject({ purpose: 'insurance', content_type: 'image/png', owner_id: file.user_id });
    const stored = await storage.get(file.storage_key);
    const head: Buffer = await new Promise((resolve) =>
      stored!.stream.once('data', (chunk) => {
        stored!.stream.destroy();
        resolve(chunk as Buffer);
      }),
    );
    expect(head.subarray(1, 4).toString()).toBe('PNG');
    // The admin list agrees: nobody on hold.
    expect((await admin.get('/api/admin/drivers?compliance=on_hold')).body.items).toEqual([]);
  });

  it('gives every demo driver a valid week with both peaks, weekends and night shifts split at midnight', () => {
    const weeks = Array.from({ length: 24 }, (_, k) => demoDriverWeek(k + 1));
    for (const blocks of weeks) expect(putWeekSchema.safeParse({ blocks }).success, JSON.stringify(blocks)).toBe(true);
    const all = weeks.flat();
    const covers = (weekday: number, minute: number) => all.some((b) => b.weekday === weekday && toMinutes(b.start) <= minute && minute < toMinutes(b.end));
    expect(covers(2, 7 * 60 + 30) && covers(2, 18 * 60)).toBe(true); // Tuesday's morning and evening peaks
    expect(covers(6, 12 * 60) && covers(0, 12 * 60)).toBe(true); // Saturday and Sunday
    // A night shift: a block ending at 24:00 whose driver starts the next day at 00:00.
    const nights = weeks.filter((blocks) =>
      blocks.some((b) => b.end === '24:00' && blocks.some((c) => c.weekday === (b.weekday + 1) % 7 && c.start === '00:00')),
    );
    expect(nights.length).toBeGreaterThanOrEqual(2);
    // Not every driver keeps the same hours.
    expect(new Set(weeks.map((w) => JSON.stringify(w))).size).toBeGreaterThan(12);
  });

  it('serves a new rider end to end: a simulated driver accepts, drives there, starts with the PIN, drives the trip, completes', async () => {
    const rider = new TestClient(first.server.url);
    const signup = await rider.request('/api/functions/auth-with-rate-limit', {
      method: 'POST',
      json: {
        action: 'signup',
        email: uniqueEmail('demo-rider'),
        password: GOOD_PASSWORD,
        options: { data: { full_name: 'Dana Demo', phone: uniquePhone() } },
      },
      headers: { 'x-forwarded-for': '10.77.0.1' },
    });
    expect(signup.status).toBe(200);
    const socket = await openSocket(rider);

    // A driver is near: the quote already knows how far away.
    const quote = (await rider.post('/api/rides/quote', { pickup: UNION_SQUARE, destination: PAINTED_LADIES })).body;
    expect(quote.options[0].pickup_eta_s).toEqual(expect.any(Number));

    const booked = await rider.post('/api/rides', { pickup: UNION_SQUARE, destination: PAINTED_LADIES, ride_type: 'economy', payment_method: 'cash' });
    expect(booked.status).toBe(201);
    const rideId = booked.body.ride.id as string;
    socket.send({ type: 'subscribe', channel: `ride:${rideId}` });

    const statusEvent = (status: string) => (f: ServerFrame) =>
      f.type === 'event' &&
      f.channel === `user:${signup.body.data.user.id as string}` &&
      f.event === 'ride.changed' &&
      (f.data as { id: string; status: string }).id === rideId &&
      (f.data as { status: string }).status === status;
    // At ×30, a 10-minute drive to the pickup is 20 s and the ~3 km trip about 15 s.
    await socket.next(statusEvent('accepted'), 30_000);
    await socket.next(statusEvent('arrived'), 60_000);
    await socket.next(statusEvent('in_progress'), 30_000);
    await socket.next(statusEvent('completed'), 60_000);

    const ride = (await rider.get(`/api/rides/${rideId}`)).body.ride;
    expect(ride.status).toBe('completed');
    expect(ride.driver.name).toBeTruthy();
    // The trip took the ride's estimated duration in simulated time (× 30), give or take the frames' second.
    const tripSimS = ((Date.parse(ride.completed_at) - Date.parse(ride.started_at)) / 1000) * SPEED;
    expect(tripSimS).toBeGreaterThan(ride.duration_s * 0.9);
    expect(tripSimS).toBeLessThan(ride.duration_s * 1.3 + 60);

    // The map saw the car move: location events on the ride's room, each with an ETA.
    const locations = socket.frames.filter((f) => f.type === 'event' && f.event === 'driver.location');
    expect(locations.length).toBeGreaterThan(5);
    expect((locations.at(-1) as { data: { eta_s: unknown } }).data.eta_s).toEqual(expect.any(Number));

    // The car's breadcrumbs (to the pickup, then the trip) all lie on streets of the grid, not across blocks.
    const receipt = (await rider.get(`/api/rides/${rideId}/receipt`)).body.receipt;
    const path = receipt.path as [number, number][];
    expect(path.length).toBeGreaterThan(3);
    for (const p of path) expect(distanceMeters(snapToStreet(p), p), JSON.stringify(p)).toBeLessThan(3);
    // …and the trip's part runs along the very route the rider was shown (the last breadcrumb is on it; the
    // tail may still be in the server's write buffer, so not necessarily at its end).
    const route = gridPath(UNION_SQUARE, PAINTED_LADIES);
    expect(offRoute(path.at(-1)!, route)).toBeLessThan(3);

    // The rider rates the driver back (the simulated driver rated the rider already).
    expect((await rider.post(`/api/rides/${rideId}/rating`, { stars: 5 })).status).toBe(201);
    socket.close();
  }, 180_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    'runs in one process only when several share a PostgreSQL database (scaled mode)',
    async () => {
      const sessionsOf = async (email: string) =>
        (
          await first.server.services.db
            .selectFrom('session')
            .innerJoin('user', 'user.id', 'session.userId')
            .select('session.id')
            .where('user.email', '=', email)
            .execute()
        ).length;
      const before = await sessionsOf(demoDriverEmail(1));
      // A second process on the same database: it must not drive the demo accounts a second time.
      const second = await startDemoServer(database);
      try {
        expect(await sessionsOf(demoDriverEmail(1))).toBe(before);
      } finally {
        await second.stop();
      }
    },
    60_000,
  );

  it('seeds again on the next start without duplicating anything', async () => {
    const before = await demoRows(first.server);
    const papers = () => demoPapers(first.server);
    const papersBefore = await papers();
    expect(papersBefore.documents).toBe(3 * 4);
    expect(papersBefore.policies).toBe(3);
    const weeks = await demoSchedules(first.server);
    expect(weeks).toEqual({ [demoDriverEmail(1)]: expectedWeek(1), [demoDriverEmail(2)]: expectedWeek(2), [demoDriverEmail(3)]: expectedWeek(3) });
    // A week the driver changed since is theirs: seeding leaves it (here, driver 1 cleared theirs).
    const driver1 = before.drivers.find((d) => d.email === demoDriverEmail(1))!;
    await first.server.services.db.deleteFrom('driver_schedule_blocks').where('driver_id', '=', driver1.id).execute();
    // Seeding twice in a row changes nothing…
    const again = await seedDemo(first.server.services, 3);
    expect(again.drivers.map((d) => d.driverId).sort()).toEqual(before.drivers.map((d) => d.id).sort());
    await seedDemo(first.server.services, 3);
    const cleared = { ...weeks, [demoDriverEmail(1)]: [] };
    expect(await demoSchedules(first.server)).toEqual(cleared);
    // …and so does a whole restart on the same database.
    await first.stop();
    first = await startDemoServer(database);
    const after = await demoRows(first.server);
    expect(after.users).toEqual(before.users);
    expect(after.drivers).toEqual(before.drivers);
    expect(after.profiles.sort((a, b) => a.id.localeCompare(b.id))).toEqual(before.profiles.sort((a, b) => a.id.localeCompare(b.id)));
    // Papers once per driver and kind, their pictures too.
    expect(await papers()).toEqual(papersBefore);
    // One schedule per driver, no block twice.
    expect(await demoSchedules(first.server)).toEqual(cleared);
    const rows = await first.server.services.db
      .selectFrom('driver_schedules')
      .select('driver_id')
      .where(
        'driver_id',
        'in',
        before.drivers.map((d) => d.id),
      )
      .execute();
    expect(rows).toHaveLength(3);
    const admins = await first.server.services.db.selectFrom('user_roles').select('user_id').where('role', '=', 'admin').execute();
    // The owner and one staff member of each other role, once each.
    expect(admins).toHaveLength(1 + DEMO_STAFF_ROLES.length);
    // The restarted demo's drivers are online again.
    expect(await demoDriversOnline(first.server, 10_000)).toBe(true);
  }, 120_000);

  it('runs simulated riders (DEMO_RIDERS) whose requests the simulated drivers take', async () => {
    await first.stop();
    first = await startDemoServer(database, { DEMO_RIDERS: '1' });
    const { db } = first.server.services;
    const passenger = await db.selectFrom('user').select('id').where('email', '=', demoPassengerEmail(1)).executeTakeFirstOrThrow();
    // The rider books within ~35 simulated seconds (about a second at ×30), and a demo driver accepts.
    const deadline = Date.now() + 30_000;
    let ride: { status: string; driver_id: string | null } | undefined;
    while (Date.now() < deadline) {
      ride = await db
        .selectFrom('rides')
        .select(['status', 'driver_id'])
        .where('rider_id', '=', passenger.id)
        .orderBy('requested_at', 'desc')
        .executeTakeFirst();
      if (ride?.driver_id) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(ride?.driver_id).toBeTruthy();
    expect(['accepted', 'arrived', 'in_progress', 'completed']).toContain(ride?.status);
    // The rider books from the quote's available types (decision 0046): none of these three cars seats six,
    // so XL is never among them.
    const types = await db.selectFrom('rides').select('ride_type').where('rider_id', '=', passenger.id).execute();
    expect(types.length).toBeGreaterThan(0);
    expect(types.filter((r) => r.ride_type === 'xl')).toEqual([]);
  }, 60_000);
});
