import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { complianceCityOf } from '../src/compliance/compliance.repo';
import { addDays, localDate } from '../src/payouts/local-dates';
import type { TestClient } from './http-client';
import { uploadPng } from './upload-png';
import { adminOf, ADMIN_ENV, approvedDriverOf, GOLDEN_GATE_PARK, newUser, nextOffer, north, serveTheWholeBay } from './ride-actors';
import { openSocket } from './socket-client';
import { spawnServer } from './spawn-server';
import { createTestDatabase, type TestDatabase, testRedisPrefix } from './test-database';
import { startServerOn, startTestServer, type TestServer } from './test-server';

const scaled = Boolean(process.env.TEST_DATABASE_URL);
let server: TestServer;
let admin: TestClient;
const cleanups: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  server = await startTestServer(ADMIN_ENV, { dispatch: { offerTimeoutMs: 2500, idleGraceMs: 60_000, tickMs: 200, searchTimeoutMs: 60_000 } });
  await serveTheWholeBay(server);
  admin = await adminOf(server);
});
afterAll(async () => {
  for (const fn of cleanups.reverse()) await fn().catch(() => undefined);
  await server?.stop();
});
// Insurance is required only inside the tests that say so.
afterEach(() => requireInsurance(server, false));

type Srv = Pick<TestServer, 'services' | 'url' | 'client'>;
const requireInsurance = (s: Srv, required: boolean) => s.services.db.updateTable('document_types').set({ required }).where('kind', '=', 'insurance').execute();

const uploadPolicyPng = (s: Srv, client: TestClient, purpose = 'insurance') => uploadPng(s, client, purpose, 'policy.png');

/** The driver's "today" (their compliance city's calendar). */
async function todayOf(s: Srv, driverId: string) {
  const city = await complianceCityOf(s.services.db, driverId);
  return localDate(new Date(), city!.timezone);
}

const policy = (over: Record<string, unknown>) => ({
  insurer: 'Acme Mutual',
  policy_number: 'PN-1',
  insured_name: 'Ines Insured',
  coverage_start: '2020-01-01',
  coverage_end: '2099-12-31',
  ...over,
});

async function driverWithCar(s: Srv, adm: TestClient, name: string) {
  const d = await approvedDriverOf(s, adm, name);
  const vehicleId = ((await d.client.get('/api/vehicles')).body.vehicles as Array<{ id: string; active: boolean }>).find((v) => v.active)!.id;
  return { ...d, vehicleId };
}

/** A driver whose active car has a verified policy (cover until `end`). */
async function insuredDriver(s: Srv, adm: TestClient, name: string, end = '2099-12-31') {
  const d = await driverWithCar(s, adm, name);
  const file_id = await uploadPolicyPng(s, d.client);
  const added = await d.client.post(`/api/vehicles/${d.vehicleId}/insurance`, policy({ insured_name: name, file_id, coverage_end: end }));
  expect(added.status).toBe(201);
  const policyId = added.body.policy.id as string;
  expect((await adm.post(`/api/admin/insurance-policies/${policyId}/review`, { status: 'verified' })).status).toBe(200);
  return { ...d, policyId };
}

const goOnline = (d: { client: TestClient; driverId: string }) =>
  d.client.request(`/api/drivers/${d.driverId}`, { method: 'PATCH', json: { status: 'available' } });
const statusOf = async (s: Srv, driverId: string) =>
  (await s.services.db.selectFrom('drivers').select('status').where('id', '=', driverId).executeTakeFirstOrThrow()).status;
const noticesOf = (s: Srv, userId: string, title: string) =>
  s.services.db.selectFrom('notifications').select(['title', 'message']).where('user_id', '=', userId).where('title', '=', title).execute();
const policyCount = async (s: Srv) =>
  Number(
    (
      await s.services.db
        .selectFrom('insurance_policies')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const auditCount = async (action: string, entityId: string) =>
  Number(
    (
      await server.services.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('action', '=', action)
        .where('entity_id', '=', entityId)
        .executeTakeFirstOrThrow()
    ).n,
  );
/** Ends the policy: its cover ended yesterday (started long before). */
const endPolicy = async (s: Srv, policyId: string, driverId: string) =>
  s.services.db
    .updateTable('insurance_policies')
    .set({ coverage_start: '2020-01-01', coverage_end: addDays(await todayOf(s, driverId), -1) })
    .where('id', '=', policyId)
    .execute();
const runJob = async (s: Srv) => {
  await s.services.jobs.send('compliance-expiry', {});
  await s.services.jobs.idle(['compliance-expiry', 'push-send']);
};

describe('adding a policy', () => {
  it('is for the driver of the vehicle only; refused changes change nothing', async () => {
    const owner = await driverWithCar(server, admin, 'Olga Owner');
    const other = await driverWithCar(server, admin, 'Otto Other');
    const rider = await newUser(server, 'Rita Rider');
    const file_id = await uploadPolicyPng(server, owner.client);
    const othersFile = await uploadPolicyPng(server, other.client);
    const photo = await uploadPolicyPng(server, owner.client, 'vehicle_photo');
    const path = `/api/vehicles/${owner.vehicleId}/insurance`;
    const before = await policyCount(server);

    expect((await server.client().post(path, policy({ file_id }))).status).toBe(401);
    expect((await rider.client.post(path, policy({ file_id }))).status).toBe(403);
    expect((await other.client.post(path, policy({ file_id: othersFile }))).status).toBe(404);
    expect((await other.client.get(path)).status).toBe(404);
    // Validation: 400, nothing written.
    const today = await todayOf(server, owner.driverId);
    for (const bad of [
      policy({ file_id, coverage_start: '2030-01-02', coverage_end: '2030-01-01' }),
      policy({ file_id, coverage_end: addDays(today, -1) }),
      policy({ file_id, insurer: '' }),
      policy({ file_id: photo }),
      { ...policy({ file_id }), extra: 1 },
    ]) {
      expect((await owner.client.post(path, bad)).status).toBe(400);
    }
    expect((await owner.client.post(path, policy({ file_id: othersFile }))).status).toBe(404);
    expect(await policyCount(server)).toBe(before);

    const first = await owner.client.post(path, policy({ file_id }));
    expect(first.status).toBe(201);
    expect(first.body.policy).toMatchObject({ status: 'in_review', coverage_end: '2099-12-31', file_id });
    const second = await owner.client.post(path, policy({ file_id, policy_number: 'PN-2' }));
    // The newer one supersedes the older one still in review.
    const listed = (await owner.client.get(path)).body.policies as Array<{ id: string; status: string }>;
    expect(listed).toEqual([expect.objectContaining({ id: second.body.policy.id, status: 'in_review' })]);

    // Deciding is for admins only.
    for (const client of [owner.client, rider.client]) {
      expect((await client.get('/api/admin/insurance-policies')).status).toBe(403);
      expect((await client.post(`/api/admin/insurance-policies/${second.body.policy.id}/review`, { status: 'verified' })).status).toBe(403);
      expect((await client.post(`/api/admin/insurance-policies/${second.body.policy.id}/revoke`, { reason: 'Cancelled by the insurer.' })).status).toBe(403);
    }
    expect((await server.client().get('/api/admin/insurance-policies')).status).toBe(401);
    expect((await owner.client.get(path)).body.policies[0].status).toBe('in_review');
  });
});

describe('/insurance-verification', () => {
  it('shows the checks; verify and reject are decided once, notified and audited', async () => {
    const d = await driverWithCar(server, admin, 'José  García');
    const file_id = await uploadPolicyPng(server, d.client);
    const today = await todayOf(server, d.driverId);
    const path = `/api/vehicles/${d.vehicleId}/insurance`;
    const good = (await d.client.post(path, policy({ file_id, insured_name: 'jose garcia' }))).body.policy;

    const queue = (await admin.get('/api/admin/insurance-policies?list=review')).body.items as Array<{
      id: string;
      checks: Array<{ key: string; pass: boolean | null }>;
    }>;
    const mine = queue.find((p) => p.id === good.id)!;
    expect(mine).toMatchObject({ driver: { full_name: 'José  García' }, vehicle: { make: 'Toyota', model: 'Prius' }, registration: null });
    expect(Object.fromEntries(mine.checks.map((c) => [c.key, c.pass]))).toEqual({ insured_name: true, coverage_dates: true, vehicle: true });

    // Oldest first; a city filter for another city leaves it out.
    const created = queue.map((p) => (p as unknown as { created_at: string }).created_at);
    expect([...created].sort()).toEqual(created);
    expect(((await admin.get('/api/admin/insurance-policies?list=review&city=nowhere')).body.items as unknown[]).length).toBe(0);

    expect((await admin.post(`/api/admin/insurance-policies/${good.id}/review`, { status: 'rejected', reason: '' })).status).toBe(400);
    const verified = await admin.post(`/api/admin/insurance-policies/${good.id}/review`, { status: 'verified' });
    expect(verified.body.policy).toMatchObject({ status: 'verified' });
    expect((await admin.post(`/api/admin/insurance-policies/${good.id}/review`, { status: 'rejected', reason: 'Too late' })).status).toBe(409);
    expect(await auditCount('insurance.verify', good.id)).toBe(1);
    expect(await noticesOf(server, d.id, 'Insurance verified')).toHaveLength(1);

    // Another name, cover not started yet: both checks fail. Rejected with a reason; the verified one stays valid.
    const bad = (await d.client.post(path, policy({ file_id, insured_name: 'Someone Else', coverage_start: addDays(today, 3) }))).body.policy;
    const badChecks = (
      (await admin.get('/api/admin/insurance-policies')).body.items as Array<{ id: string; checks: Array<{ key: string; pass: boolean }> }>
    ).find((p) => p.id === bad.id)!.checks;
    expect(Object.fromEntries(badChecks.map((c) => [c.key, c.pass]))).toEqual({ insured_name: false, coverage_dates: false, vehicle: true });
    expect(
      (await admin.post(`/api/admin/insurance-policies/${bad.id}/review`, { status: 'rejected', reason: 'The insured name does not match your licence.' }))
        .status,
    ).toBe(200);
    expect(await auditCount('insurance.reject', bad.id)).toBe(1);
    expect((await noticesOf(server, d.id, 'Insurance not verified'))[0]?.message).toContain('does not match your licence');
    expect(((await d.client.get(path)).body.policies as Array<{ status: string }>).map((p) => p.status)).toEqual(['rejected', 'verified']);
    // Revoking needs a verified policy.
    expect((await admin.post(`/api/admin/insurance-policies/${bad.id}/revoke`, { reason: 'Cancelled by the insurer.' })).status).toBe(409);
  });

  it('lists Expiring soon (cover ends within 30 days) and Expired (ended, no newer valid one)', async () => {
    const d = await insuredDriver(server, admin, 'Eve Expiring');
    const today = await todayOf(server, d.driverId);
    await server.services.db
      .updateTable('insurance_policies')
      .set({ coverage_end: addDays(today, 5) })
      .where('id', '=', d.policyId)
      .execute();
    const ids = async (list: string) => ((await admin.get(`/api/admin/insurance-policies?list=${list}`)).body.items as Array<{ id: string }>).map((p) => p.id);
    expect(await ids('expiring')).toContain(d.policyId);
    expect(await ids('expired')).not.toContain(d.policyId);
    await endPolicy(server, d.policyId, d.driverId);
    expect(await ids('expiring')).not.toContain(d.policyId);
    expect(await ids('expired')).toContain(d.policyId);
  });
});

describe('the hold: a city that requires insurance', () => {
  it('no verified policy: cannot go online; verified: can; cover ended: held and not offered rides', async () => {
    await requireInsurance(server, true);
    const d = await driverWithCar(server, admin, 'Hal Held');
    const refused = await goOnline(d);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('DRIVER_ON_HOLD');
    expect(refused.body.error.message).toContain('Insurance');

    const file_id = await uploadPolicyPng(server, d.client);
    const added = (await d.client.post(`/api/vehicles/${d.vehicleId}/insurance`, policy({ insured_name: 'Hal Held', file_id }))).body.policy;
    expect((await goOnline(d)).status).toBe(403);
    await admin.post(`/api/admin/insurance-policies/${added.id}/review`, { status: 'verified' });
    expect((await goOnline(d)).status).toBe(200);

    // Cover ended while online (before any job ran): dispatch reads the rule. The held driver is nearer the
    // pickup, yet the ride is offered to the insured one farther away, never to the held one.
    const pickup = { lat: 37.95, lng: -122.45, label: 'Held corner' };
    const insured = await insuredDriver(server, admin, 'Ivy Insured');
    expect((await goOnline(insured)).status).toBe(200);
    const sockets = [await openSocket(d.client, server.url), await openSocket(insured.client, server.url)];
    cleanups.push(async () => sockets.forEach((x) => x.close()));
    sockets[0]!.send({ type: 'location', lat: north(pickup, 100).lat, lng: pickup.lng, accuracy: 10 });
    sockets[1]!.send({ type: 'location', lat: north(pickup, 900).lat, lng: pickup.lng, accuracy: 10 });
    await endPolicy(server, added.id, d.driverId);
    const rider = await newUser(server, 'Rae Waiting');
    const ride = (await rider.client.post('/api/rides', { pickup, destination: GOLDEN_GATE_PARK, ride_type: 'economy', payment_method: 'cash' })).body.ride;
    await nextOffer({ socket: sockets[1]! } as never, ride.id);
    expect(
      await server.services.db.selectFrom('ride_offers').select('id').where('ride_id', '=', ride.id).where('driver_id', '=', d.driverId).execute(),
    ).toEqual([]);
    await rider.client.post(`/api/rides/${ride.id}/cancel`, {});
    for (const x of [d, insured]) await x.client.request(`/api/drivers/${x.driverId}`, { method: 'PATCH', json: { status: 'offline' } });
    expect((await goOnline(d)).status).toBe(403);
  });
});

describe('the compliance-expiry job', () => {
  it('sends the 30, 7 and 1 day reminders once each', async () => {
    const d = await insuredDriver(server, admin, 'Rémy Reminded');
    const today = await todayOf(server, d.driverId);
    const { db } = server.services;
    await db
      .updateTable('insurance_policies')
      .set({ coverage_end: addDays(today, 7) })
      .where('id', '=', d.policyId)
      .execute();
    const files = [await uploadPolicyPng(server, d.client, 'driver_document')];
    const docs = await db
      .insertInto('driver_documents')
      .values([
        { driver_id: d.driverId, kind: 'driver_licence', file_ids: files, expires_on: addDays(today, 30), status: 'approved' },
        { driver_id: d.driverId, kind: 'background_check', file_ids: files, expires_on: addDays(today, 1), status: 'approved' },
      ])
      .returning('id')
      .execute();
    await runJob(server);
    await runJob(server);
    const reminders = await db
      .selectFrom('compliance_reminders')
      .select(['subject_id', 'days_before'])
      .where('subject_id', 'in', [d.policyId, ...docs.map((x) => x.id)])
      .orderBy('days_before')
      .execute();
    expect(reminders).toEqual([
      { subject_id: docs[1]!.id, days_before: 1 },
      { subject_id: d.policyId, days_before: 7 },
      { subject_id: docs[0]!.id, days_before: 30 },
    ]);
    const messages = (await db.selectFrom('notifications').select('message').where('user_id', '=', d.id).where('title', 'like', '% expires soon').execute())
      .map((n) => n.message)
      .sort();
    expect(messages).toHaveLength(3);
    expect(messages.join(' ')).toMatch(/insurance expires in 7 days/);
    expect(messages.join(' ')).toMatch(/background check expires tomorrow/);
  });

  it('takes an online driver whose insurance ended offline, once, and lets the ride in progress finish', async () => {
    await requireInsurance(server, true);
    const d = await insuredDriver(server, admin, 'Ida Insured');
    const pickup = { lat: 37.55, lng: -122.45, label: 'Ride corner' };
    expect((await goOnline(d)).status).toBe(200);
    const socket = await openSocket(d.client, server.url);
    cleanups.push(async () => socket.close());
    socket.send({ type: 'location', lat: north(pickup, 300).lat, lng: pickup.lng, accuracy: 10 });
    const rider = await newUser(server, 'Rob Riding');
    const ride = (await rider.client.post('/api/rides', { pickup, destination: GOLDEN_GATE_PARK, ride_type: 'economy', payment_method: 'cash' })).body.ride;
    await nextOffer({ socket } as never, ride.id);
    expect((await d.client.post(`/api/rides/${ride.id}/accept`, {})).status).toBe(200);
    await d.client.post(`/api/rides/${ride.id}/arrive`, {});
    expect((await d.client.post(`/api/rides/${ride.id}/start`, { pin: ride.pin })).body.ride.status).toBe('in_progress');

    await endPolicy(server, d.policyId, d.driverId);
    await runJob(server);
    await runJob(server);
    expect(await statusOf(server, d.driverId)).toBe('offline');
    const told = await noticesOf(server, d.id, 'You were taken offline');
    expect(told).toHaveLength(1);
    expect(told[0]!.message).toContain('Your insurance has expired');
    expect((await rider.client.get(`/api/rides/${ride.id}`)).body.ride.status).toBe('in_progress');
    expect((await d.client.post(`/api/rides/${ride.id}/complete`, {})).body.ride.status).toBe('completed');
  });

  it('Revoke holds the driver at once: taken offline and told why', async () => {
    await requireInsurance(server, true);
    const d = await insuredDriver(server, admin, 'Rex Revoked');
    expect((await goOnline(d)).status).toBe(200);
    expect((await admin.post(`/api/admin/insurance-policies/${d.policyId}/revoke`, { reason: '' })).status).toBe(400);
    expect(await statusOf(server, d.driverId)).toBe('available');
    const revoked = await admin.post(`/api/admin/insurance-policies/${d.policyId}/revoke`, { reason: 'Cancelled by the insurer.' });
    expect(revoked.body.policy).toMatchObject({ status: 'rejected', rejection_reason: 'Cancelled by the insurer.' });
    expect(await statusOf(server, d.driverId)).toBe('offline');
    expect((await noticesOf(server, d.id, 'Insurance revoked'))[0]?.message).toContain('Cancelled by the insurer.');
    expect(await noticesOf(server, d.id, 'You were taken offline')).toHaveLength(1);
    expect(await auditCount('insurance.revoke', d.policyId)).toBe(1);
    expect((await goOnline(d)).status).toBe(403);
  });

  it('survives a restart: a job queued by a server that stopped before running it runs on the next start', async () => {
    const database: TestDatabase = await createTestDatabase();
    cleanups.push(() => database.drop());
    const first = await startServerOn(database, ADMIN_ENV, { jobs: { workers: false }, dispatchTick: false });
    const firstAdmin = await adminOf(first);
    const d = await insuredDriver(first, firstAdmin, 'Sam Survivor');
    expect((await goOnline(d)).status).toBe(200);
    await requireInsurance(first, true);
    await endPolicy(first, d.policyId, d.driverId);
    await first.services.jobs.send('compliance-expiry', {});
    await first.stop();

    const second = await startServerOn(database, ADMIN_ENV, { dispatchTick: false });
    cleanups.push(() => second.stop());
    await expect.poll(() => statusOf(second, d.driverId), { timeout: 20_000 }).toBe('offline');
    await second.services.jobs.idle(['compliance-expiry']);
    expect(await noticesOf(second, d.id, 'You were taken offline')).toHaveLength(1);
  }, 90_000);
});

describe.runIf(scaled)('the compliance-expiry job with two server processes on one PostgreSQL', () => {
  it('runs once: each lapsed driver taken offline and told once, each reminder sent once', async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.drop());
    // A in this process, B a server process of its own on the same database: both run compliance-expiry workers.
    const a = await startServerOn(database, ADMIN_ENV, { dispatchTick: false });
    cleanups.push(() => a.stop());
    const b = await spawnServer({
      ...ADMIN_ENV,
      DATABASE_URL: database.env.DATABASE_URL!,
      DATA_DIR: database.env.DATA_DIR,
      ...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL, REDIS_PREFIX: testRedisPrefix() } : {}),
    });
    cleanups.push(() => b.stop());
    const adminA = await adminOf(a);
    const drivers = [];
    for (const name of ['Pia One', 'Pia Two', 'Pia Three']) drivers.push(await insuredDriver(a, adminA, name));
    for (const d of drivers) expect((await goOnline(d)).status).toBe(200);
    const today = await todayOf(a, drivers[0]!.driverId);
    await requireInsurance(a, true);
    await endPolicy(a, drivers[0]!.policyId, drivers[0]!.driverId);
    await endPolicy(a, drivers[1]!.policyId, drivers[1]!.driverId);
    await a.services.db
      .updateTable('insurance_policies')
      .set({ coverage_end: addDays(today, 7) })
      .where('id', '=', drivers[2]!.policyId)
      .execute();

    // Six runs queued at once (B's cron adds its own): whichever process takes each, every effect happens once.
    await Promise.all(Array.from({ length: 6 }, () => a.services.jobs.send('compliance-expiry', {})));
    await a.services.jobs.idle(['compliance-expiry']);
    const ran = await sql<{ n: number }>`select count(*)::int as n from pgboss.job where name = 'compliance-expiry' and state = 'completed'`.execute(
      a.services.db,
    );
    expect(ran.rows[0]!.n).toBeGreaterThanOrEqual(3);
    expect(await Promise.all(drivers.map((d) => statusOf(a, d.driverId)))).toEqual(['offline', 'offline', 'available']);
    for (const d of drivers.slice(0, 2)) expect(await noticesOf(a, d.id, 'You were taken offline')).toHaveLength(1);
    expect(await noticesOf(a, drivers[2]!.id, 'Insurance expires soon')).toHaveLength(1);
  }, 120_000);
});
