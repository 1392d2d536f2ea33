import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSchedule } from '../src/schedule/driver-schedule';
import { getScheduleCoverage } from '../src/schedule/get-schedule-coverage';
import { SHIFT_REMINDERS_CRON, sendShiftReminders } from '../src/schedule/send-shift-reminders';
import type { TestClient } from './http-client';
import { adminOf, ADMIN_ENV, approvedDriverOf, newUser } from './ride-actors';
import { startTestServer, type TestServer, uniquePhone } from './test-server';

/**
 * /driver-schedule (issue 14, decision 0047): weekly blocks in the city's time zone and time off, validated
 * and owned; the next shift across daylight saving; time off overriding the week; the durable reminder job
 * sending once; and the dashboard's scheduled-drivers-beside-demand series on a small fixture.
 */
let server: TestServer;
let admin: TestClient;
const db = () => server.services.db;

beforeAll(async () => {
  server = await startTestServer(ADMIN_ENV);
  admin = await adminOf(server);
});
afterAll(() => server?.stop());

const put = (client: TestClient, json: unknown) => client.request('/api/drivers/me/schedule', { method: 'PUT', json });
const TUESDAY_MORNING = [{ weekday: 2, start: '07:00', end: '11:00' }];

describe('who may read and write a schedule', () => {
  it('refuses a visitor (401), a rider (403) and a driver on the admin reads (403), and changes nothing', async () => {
    const driver = await approvedDriverOf(server, admin, 'Sched Sam');
    expect((await put(driver.client, { blocks: TUESDAY_MORNING })).status).toBe(200);
    const rider = await newUser(server, 'Sched Rita');
    const visitor = server.client();
    const own: Array<[string, string, unknown?]> = [
      ['GET', '/api/drivers/me/schedule'],
      ['PUT', '/api/drivers/me/schedule', { blocks: [] }],
      ['POST', '/api/drivers/me/time-off', { starts_at: '2030-01-01T00:00:00Z', ends_at: '2030-01-02T00:00:00Z' }],
      ['DELETE', `/api/drivers/me/time-off/${randomUUID()}`],
    ];
    const adminOnly: Array<[string, string]> = [
      ['GET', `/api/admin/drivers/${driver.driverId}/schedule`],
      ['GET', '/api/admin/schedule-coverage?city=sf'],
    ];
    for (const [method, path, json] of [...own, ...adminOnly]) {
      const headers = { 'content-type': 'application/json' };
      expect((await visitor.request(path, { method, json, headers })).status, `${method} ${path} visitor`).toBe(401);
      expect((await rider.client.request(path, { method, json, headers })).status, `${method} ${path} rider`).toBe(403);
    }
    for (const [method, path] of adminOnly) expect((await driver.client.request(path, { method })).status, `${method} ${path} driver`).toBe(403);
    // A driver still waiting for approval has no schedule yet.
    const pending = await newUser(server, 'Sched Pat');
    const applied = await pending.client.post('/api/drivers', {
      full_name: 'Sched Pat',
      phone: uniquePhone(),
      license_number: 'D7654321',
      vehicle_make: 'Kia',
      vehicle_model: 'Niro',
      vehicle_year: 2022,
      vehicle_color: 'Red',
      license_plate: 'SCHED01',
    });
    expect(applied.status).toBe(201);
    const refused = await pending.client.get('/api/drivers/me/schedule');
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('DRIVER_NOT_APPROVED');
    expect((await driver.client.get('/api/drivers/me/schedule')).body.schedule.blocks).toEqual(TUESDAY_MORNING);
  });

  it("keeps a driver out of another driver's time off (404) and lets the admin read any schedule", async () => {
    const owner = await approvedDriverOf(server, admin, 'Sched Olga');
    const other = await approvedDriverOf(server, admin, 'Sched Otto');
    expect((await put(owner.client, { blocks: TUESDAY_MORNING })).status).toBe(200);
    const added = await owner.client.post('/api/drivers/me/time-off', { starts_at: '2030-03-01T08:00:00Z', ends_at: '2030-03-02T08:00:00Z', note: 'Wedding' });
    expect(added.status).toBe(201);
    const id = added.body.time_off.id as string;
    expect((await other.client.delete(`/api/drivers/me/time-off/${id}`)).status).toBe(404);
    expect((await other.client.delete('/api/drivers/me/time-off/not-a-uuid')).status).toBe(404);
    // The other driver reads only their own (empty) schedule: no path names another driver.
    const theirs = (await other.client.get('/api/drivers/me/schedule')).body.schedule;
    expect(theirs.driver_id).toBe(other.driverId);
    expect(theirs.blocks).toEqual([]);
    expect(theirs.time_off).toEqual([]);

    const read = await admin.get(`/api/admin/drivers/${owner.driverId}/schedule`);
    expect(read.status).toBe(200);
    expect(read.body.schedule.blocks).toEqual(TUESDAY_MORNING);
    expect(read.body.schedule.time_off).toEqual([{ id, starts_at: '2030-03-01T08:00:00.000Z', ends_at: '2030-03-02T08:00:00.000Z', note: 'Wedding' }]);
    expect(read.body.schedule.city).toMatchObject({ id: 'sf', timezone: 'America/Los_Angeles' });
    expect((await admin.get(`/api/admin/drivers/${randomUUID()}/schedule`)).status).toBe(404);
    expect((await admin.get('/api/admin/drivers/nobody/schedule')).status).toBe(404);

    expect((await owner.client.delete(`/api/drivers/me/time-off/${id}`)).status).toBe(204);
    expect((await owner.client.delete(`/api/drivers/me/time-off/${id}`)).status).toBe(404);
    expect((await owner.client.get('/api/drivers/me/schedule')).body.schedule.time_off).toEqual([]);
  });
});

describe('validation', () => {
  it('refuses bad weeks and bad time off with a clear message, and nothing changes', async () => {
    const d = await approvedDriverOf(server, admin, 'Sched Val');
    const good = [
      { weekday: 1, start: '07:00', end: '11:00' },
      { weekday: 1, start: '11:00', end: '13:30' },
      { weekday: 5, start: '22:00', end: '24:00' },
      { weekday: 6, start: '00:00', end: '02:00' },
    ];
    const saved = await put(d.client, { blocks: good });
    expect(saved.status).toBe(200);
    const bad: Array<[unknown, string]> = [
      [{ blocks: [{ weekday: 1, start: '09:00', end: '08:00' }] }, 'must end after it starts'],
      [{ blocks: [{ weekday: 1, start: '07:10', end: '09:00' }] }, '15-minute steps'],
      [{ blocks: [{ weekday: 1, start: '7:00', end: '09:00' }] }, 'HH:MM'],
      [{ blocks: [{ weekday: 1, start: '22:00', end: '25:00' }] }, 'HH:MM'],
      [{ blocks: [{ weekday: 7, start: '07:00', end: '09:00' }] }, 'weekday is 0 (Sunday) to 6'],
      [
        {
          blocks: [
            { weekday: 3, start: '07:00', end: '11:00' },
            { weekday: 3, start: '10:00', end: '12:00' },
          ],
        },
        'Wed: 07:00–11:00 and 10:00–12:00 overlap',
      ],
      [{ blocks: good, city_id: 'atlantis' }, 'No city "atlantis"'],
      [{ blocks: good, driver_id: randomUUID() }, 'Unrecognized key'],
      [{}, 'blocks'],
    ];
    for (const [body, message] of bad) {
      const res = await put(d.client, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(`${res.body.error.message} ${JSON.stringify(res.body.error.details ?? null)}`, JSON.stringify(body)).toContain(message);
    }
    const badOff: Array<[unknown, string]> = [
      [{ starts_at: '2030-01-02T00:00:00Z', ends_at: '2030-01-01T00:00:00Z' }, 'Time off must end after it starts'],
      [{ starts_at: '2020-01-01T00:00:00Z', ends_at: '2020-01-02T00:00:00Z' }, 'Time off must end in the future'],
      [{ starts_at: '2030-01-01T00:00:00Z', ends_at: '2030-06-01T00:00:00Z' }, 'at most 90 days'],
      [{ starts_at: 'tomorrow', ends_at: '2030-01-01T00:00:00Z' }, 'starts_at must be a date and time'],
      [{ starts_at: '2030-01-01T00:00:00Z', ends_at: '2030-01-02T00:00:00Z', note: 'x'.repeat(201) }, 'at most 200 characters'],
    ];
    for (const [body, message] of badOff) {
      const res = await d.client.post('/api/drivers/me/time-off', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message).toContain(message);
    }
    const after = (await d.client.get('/api/drivers/me/schedule')).body.schedule;
    expect(after.blocks).toEqual(good);
    expect(after.time_off).toEqual([]);
    // An empty week is a valid week: the driver is not driving.
    expect((await put(d.client, { blocks: [] })).body.schedule).toMatchObject({ blocks: [], next_shift: null });
  });
});

describe('next shift, in the city time zone', () => {
  it('reads Tue 07:00 in Los Angeles as 15:00 UTC in winter and 14:00 UTC in summer, joins a night shift, and lets time off override', async () => {
    const d = await approvedDriverOf(server, admin, 'Sched Tz');
    const week = [
      ...TUESDAY_MORNING,
      { weekday: 4, start: '18:00', end: '20:00' },
      { weekday: 5, start: '22:00', end: '24:00' },
      { weekday: 6, start: '00:00', end: '03:30' },
    ];
    expect((await put(d.client, { blocks: week })).status).toBe(200);
    // Monday 2031-11-24 04:00 PST (12:00 UTC), and Monday 2032-06-28 04:00 PDT (11:00 UTC).
    const winter = await getSchedule(db(), d.driverId, new Date('2031-11-24T12:00:00Z'));
    expect(winter.next_shift).toEqual({ starts_at: '2031-11-25T15:00:00.000Z', ends_at: '2031-11-25T19:00:00.000Z', weekday: 2, start: '07:00', end: '11:00' });
    const summer = await getSchedule(db(), d.driverId, new Date('2032-06-28T11:00:00Z'));
    expect(summer.next_shift).toEqual({ starts_at: '2032-06-29T14:00:00.000Z', ends_at: '2032-06-29T18:00:00.000Z', weekday: 2, start: '07:00', end: '11:00' });
    // Friday 2031-11-28 21:00 PST: the night shift Fri 22:00–24:00 + Sat 00:00–03:30 is one shift.
    const friday = await getSchedule(db(), d.driverId, new Date('2031-11-29T05:00:00Z'));
    expect(friday.next_shift).toEqual({ starts_at: '2031-11-29T06:00:00.000Z', ends_at: '2031-11-29T11:30:00.000Z', weekday: 5, start: '22:00', end: '03:30' });

    // Time off over the first two hours of Tuesday's shift: it starts at 09:00. Over all of it: Thursday is next.
    const partial = await d.client.post('/api/drivers/me/time-off', { starts_at: '2031-11-25T07:00:00-08:00', ends_at: '2031-11-25T09:00:00-08:00' });
    expect(partial.status).toBe(201);
    expect((await getSchedule(db(), d.driverId, new Date('2031-11-24T12:00:00Z'))).next_shift).toMatchObject({
      starts_at: '2031-11-25T17:00:00.000Z',
      start: '09:00',
      end: '11:00',
    });
    expect(
      (await d.client.post('/api/drivers/me/time-off', { starts_at: '2031-11-25T00:00:00-08:00', ends_at: '2031-11-26T00:00:00-08:00', note: 'Dentist' }))
        .status,
    ).toBe(201);
    expect((await getSchedule(db(), d.driverId, new Date('2031-11-24T12:00:00Z'))).next_shift).toEqual({
      starts_at: '2031-11-28T02:00:00.000Z',
      ends_at: '2031-11-28T04:00:00.000Z',
      weekday: 4,
      start: '18:00',
      end: '20:00',
    });
    // Through HTTP, now: a next shift, in the driver's words, on one of the week's days.
    const live = (await d.client.get('/api/drivers/me/schedule')).body.schedule;
    expect([2, 4, 5]).toContain(live.next_shift.weekday);
    expect(live.time_off.map((t: { note: string | null }) => t.note)).toEqual(['Dentist', null]);
  });
});

describe('the shift reminder job', () => {
  it('sends one reminder across concurrent and repeated runs, and skips a driver online or on time off', async () => {
    const [ready, online, away] = await Promise.all([
      approvedDriverOf(server, admin, 'Sched Rhea'),
      approvedDriverOf(server, admin, 'Sched Omar'),
      approvedDriverOf(server, admin, 'Sched Ava'),
    ]);
    for (const d of [ready, online, away]) expect((await put(d.client, { blocks: TUESDAY_MORNING })).status).toBe(200);
    await db().updateTable('drivers').set({ status: 'available' }).where('id', '=', online.driverId).execute();
    expect((await away.client.post('/api/drivers/me/time-off', { starts_at: '2031-11-25T06:00:00-08:00', ends_at: '2031-11-25T12:00:00-08:00' })).status).toBe(
      201,
    );

    const shiftStart = new Date('2031-11-25T15:00:00Z'); // Tue 07:00 PST
    const now = new Date('2031-11-25T14:40:00Z'); // 20 minutes before
    const ours = (sent: Array<{ driver_id: string }>) => sent.filter((s) => [ready, online, away].some((d) => d.driverId === s.driver_id));
    // Too early (45 minutes before): nothing yet.
    expect(ours(await sendShiftReminders(server.services, new Date('2031-11-25T14:15:00Z')))).toEqual([]);
    // Two runs at once (two processes' jobs of the same slot), then a third later: one reminder.
    const [a, b] = await Promise.all([sendShiftReminders(server.services, now), sendShiftReminders(server.services, now)]);
    expect([...ours(a), ...ours(b)]).toEqual([{ driver_id: ready.driverId, shift_start: shiftStart.toISOString() }]);
    expect(ours(await sendShiftReminders(server.services, new Date('2031-11-25T14:45:00Z')))).toEqual([]);

    const reminded = await db()
      .selectFrom('driver_shift_reminders')
      .select(['driver_id', 'shift_start'])
      .where('shift_start', '=', shiftStart)
      .where('driver_id', 'in', [ready.driverId, online.driverId, away.driverId])
      .execute();
    expect(reminded.map((r) => r.driver_id)).toEqual([ready.driverId]);
    const notes = (await ready.client.get('/api/notifications')).body;
    const list = (Array.isArray(notes) ? notes : (notes.notifications ?? notes.items ?? notes.data)) as Array<{ title: string; message: string }>;
    const reminders = list.filter((n) => n.title === 'Your shift starts soon');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.message).toBe('Your shift Tue 07:00–11:00 starts in 20 minutes. Go online on the Drive page when you are ready.');
    for (const d of [online, away]) {
      const body = (await d.client.get('/api/notifications')).body;
      const theirs = (Array.isArray(body) ? body : (body.notifications ?? body.items ?? body.data)) as Array<{ title: string }>;
      expect(theirs.filter((n) => n.title === 'Your shift starts soon')).toEqual([]);
    }
  });

  it('is a durable pg-boss job on a five-minute cron, and a queued run completes', async () => {
    const schedules = await sql<{ name: string; cron: string }>`select name, cron from pgboss.schedule where name = 'shift-reminders'`.execute(db());
    expect(schedules.rows).toEqual([{ name: 'shift-reminders', cron: SHIFT_REMINDERS_CRON }]);
    expect(SHIFT_REMINDERS_CRON).toBe('*/5 * * * *');
    await server.services.jobs.send('shift-reminders', {});
    await server.services.jobs.send('shift-reminders', {});
    await server.services.jobs.idle(['shift-reminders']);
    const failed = await sql<{ n: number }>`select count(*)::int as n from pgboss.job where name = 'shift-reminders' and state = 'failed'`.execute(db());
    expect(failed.rows[0]!.n).toBe(0);
  });
});

describe('the dashboard: scheduled drivers beside demand', () => {
  it('counts scheduled drivers per hour of the coming week and rides per hour of the week over 4 weeks, in the city time zone', async () => {
    await db()
      .insertInto('cities')
      .values({ id: 'sched-tokyo', name: 'Tokyo', currency: 'JPY', center_lat: 35.68, center_lng: 139.76, timezone: 'Asia/Tokyo' })
      .execute();
    const rider = await newUser(server, 'Sched Rider');
    const ride = (city: string, at: string) => ({
      city_id: city,
      rider_id: rider.id,
      driver_id: null,
      ride_type: 'economy' as const,
      status: 'no_driver' as const,
      pickup_lat: 35.68,
      pickup_lng: 139.76,
      dropoff_lat: 35.69,
      dropoff_lng: 139.7,
      distance_m: 5000,
      duration_s: 900,
      fare_cents: 1500,
      currency: 'JPY',
      pin: '1234',
      share_token: randomBytes(32).toString('base64url'),
      requested_at: new Date(at),
    });
    const rows: Array<ReturnType<typeof ride>> = [];
    // Fridays 18:10 JST (09:10 UTC) of the 4 weeks before Wednesday 2026-12-02: 9 a week → 9 rides/h.
    for (const day of ['2026-11-06', '2026-11-13', '2026-11-20', '2026-11-27']) for (let i = 0; i < 9; i++) rows.push(ride('sched-tokyo', `${day}T09:10:00Z`));
    // Wednesday 08:30 JST, two in one week → 0.5 rides/h.
    rows.push(ride('sched-tokyo', '2026-11-24T23:30:00Z'), ride('sched-tokyo', '2026-11-24T23:31:00Z'));
    // Not counted: 5 weeks back, today, and another city.
    rows.push(ride('sched-tokyo', '2026-10-30T09:10:00Z'), ride('sched-tokyo', '2026-12-02T00:30:00Z'), ride('sf', '2026-11-27T09:10:00Z'));
    await db().insertInto('rides').values(rows).execute();

    const [one, two, off] = await Promise.all([
      approvedDriverOf(server, admin, 'Sched Kei'),
      approvedDriverOf(server, admin, 'Sched Yui'),
      approvedDriverOf(server, admin, 'Sched Ren'),
    ]);
    const week = (d: typeof one, blocks: unknown[]) => put(d.client, { city_id: 'sched-tokyo', blocks });
    expect(
      (
        await week(one, [
          { weekday: 5, start: '17:00', end: '19:00' },
          { weekday: 3, start: '08:00', end: '09:00' },
        ])
      ).status,
    ).toBe(200);
    expect(
      (
        await week(two, [
          { weekday: 5, start: '18:00', end: '18:30' },
          { weekday: 3, start: '07:00', end: '08:00' },
        ])
      ).status,
    ).toBe(200);
    expect((await week(off, [{ weekday: 5, start: '18:00', end: '20:00' }])).status).toBe(200);
    expect((await off.client.post('/api/drivers/me/time-off', { starts_at: '2026-12-04T17:00:00+09:00', ends_at: '2026-12-04T21:00:00+09:00' })).status).toBe(
      201,
    );

    // Wednesday 2026-12-02 12:00 JST.
    const c = await getScheduleCoverage(db(), 'sched-tokyo', new Date('2026-12-02T03:00:00Z'));
    expect(c.cells).toHaveLength(168);
    expect(c.cells[0]).toMatchObject({ weekday: 3, hour: 0, date: '2026-12-02' });
    const cell = (weekday: number, hour: number) => c.cells.find((x) => x.weekday === weekday && x.hour === hour);
    expect(cell(5, 18)).toEqual({ weekday: 5, hour: 18, date: '2026-12-04', scheduled: 2, rides: 9 });
    expect(cell(5, 17)).toMatchObject({ scheduled: 1, rides: 0 });
    expect(cell(5, 19)).toMatchObject({ scheduled: 0, rides: 0 });
    expect(cell(3, 8)).toMatchObject({ scheduled: 1, rides: 0.5 });
    expect(cell(3, 7)).toMatchObject({ scheduled: 1, rides: 0 });
    expect(c.cells.reduce((n, x) => n + x.rides, 0)).toBe(9.5);
    expect(c.most_short).toEqual({ weekday: 5, hour: 18, date: '2026-12-04', scheduled: 2, rides: 9 });

    // Through HTTP (now): the admin gets both series for the city; a bad or unknown city is refused.
    const live = await admin.get('/api/admin/schedule-coverage?city=sched-tokyo');
    expect(live.status).toBe(200);
    expect(live.body.cells).toHaveLength(168);
    expect(live.body.city).toEqual({ id: 'sched-tokyo', name: 'Tokyo', timezone: 'Asia/Tokyo' });
    expect((await admin.get('/api/admin/schedule-coverage')).status).toBe(400);
    expect((await admin.get('/api/admin/schedule-coverage?city=atlantis')).status).toBe(404);
  });
});
