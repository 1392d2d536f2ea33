import { afterAll, describe, expect, it } from 'vitest';
import { TestClient } from './http-client';
import { adminOf, ADMIN_ENV, eventually, GOLDEN_GATE_PARK, newUser, nextOffer, north, onlineDriver, UNION_SQUARE } from './ride-actors';
import { openSocket } from './socket-client';
import { type SpawnedServer, spawnServer } from './spawn-server';
import { createTestDatabase, type TestDatabase, testRedisPrefix } from './test-database';
import { freePort } from './test-server';

const scaled = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);
const asServer = (s: SpawnedServer) => ({ url: s.url, client: () => new TestClient(s.url) });
const booking = { pickup: UNION_SQUARE, destination: GOLDEN_GATE_PARK, ride_type: 'economy', payment_method: 'cash' };

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const fn of cleanups.reverse()) await fn().catch(() => undefined);
});

describe('dispatch across a restart', () => {
  it('keeps a pending offer through a crash: after the restart the driver accepts it', async () => {
    const db: TestDatabase = await createTestDatabase();
    cleanups.push(() => db.drop());
    const port = await freePort();
    const env = {
      ...db.env,
      ...ADMIN_ENV,
      PORT: String(port),
      ...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL, REDIS_PREFIX: testRedisPrefix() } : {}),
    };
    let server = await spawnServer(env);
    cleanups.push(() => server.stop('SIGKILL'));
    const admin = await adminOf(asServer(server));
    const driver = await onlineDriver(asServer(server), admin, north(UNION_SQUARE, 300));
    const rider = await newUser(asServer(server));
    const ride = (await rider.client.post('/api/rides', booking)).body.ride;
    const offer = await nextOffer(driver, ride.id);

    // A crash, not a clean stop: nothing gets to run on the way down.
    await server.stop('SIGKILL');
    driver.socket.close();
    server = await spawnServer(env);

    // The same cookies work against the new process; the offer is still open and still the driver's.
    const restored = await driver.client.get('/api/drivers/me/offer');
    expect(restored.body.offer).toMatchObject({ id: offer.id, ride_id: ride.id });
    const accepted = await driver.client.post(`/api/rides/${ride.id}/accept`, {});
    expect(accepted.status).toBe(200);
    expect((await rider.client.get(`/api/rides/${ride.id}`)).body.ride).toMatchObject({ status: 'accepted', driver: { name: 'Dana' } });
    // Two server processes start in this test: on a loaded machine each can take ten seconds and more.
  }, 90_000);
});

// Rider on one process, driver on another, one PostgreSQL and one Redis between them.
describe.runIf(scaled)('dispatch with rider and driver on different processes (PostgreSQL + Redis)', () => {
  it('finds the driver through the shared geo index, delivers the offer and the live location across processes', async () => {
    const db = await createTestDatabase();
    cleanups.push(() => db.drop());
    const [portA, portB] = [await freePort(), await freePort()];
    const shared = {
      DATABASE_URL: db.env.DATABASE_URL!,
      DATA_DIR: db.env.DATA_DIR,
      REDIS_URL: process.env.TEST_REDIS_URL!,
      REDIS_PREFIX: testRedisPrefix(),
      TRUST_PROXY: '1',
    };
    const a = await spawnServer({ ...shared, ...ADMIN_ENV, PORT: String(portA) });
    cleanups.push(() => a.stop());
    const b = await spawnServer({ ...shared, PORT: String(portB) });
    cleanups.push(() => b.stop());

    const admin = await adminOf(asServer(a));
    const driver = await onlineDriver(asServer(b), admin, north(UNION_SQUARE, 250)); // on process B
    const rider = await newUser(asServer(a)); // on process A
    const riderSocket = await openSocket(rider.client, a.url);
    const ride = (await rider.client.post('/api/rides', booking)).body.ride;
    riderSocket.send({ type: 'subscribe', channel: `ride:${ride.id}` });
    await riderSocket.next((f) => f.type === 'subscribed');

    await nextOffer(driver, ride.id);
    expect((await driver.client.post(`/api/rides/${ride.id}/accept`, {})).status).toBe(200);
    await riderSocket.next((f) => f.type === 'event' && f.event === 'ride.changed' && (f.data as { status: string }).status === 'accepted');
    await driver.locate(north(UNION_SQUARE, 100));
    const moved = await riderSocket.next((f) => f.type === 'event' && f.event === 'driver.location');
    expect((moved as unknown as { data: { lat: number } }).data.lat).toBeCloseTo(north(UNION_SQUARE, 100).lat, 6);
    // The rider's process sees where the driver is, from the breadcrumbs the other process wrote.
    const seen = await eventually(async () => {
      const lat = (await rider.client.get(`/api/rides/${ride.id}`)).body.ride.driver_location?.lat as number | undefined;
      return lat !== undefined && Math.abs(lat - north(UNION_SQUARE, 100).lat) < 1e-6 ? lat : null;
    });
    expect(seen).toBeCloseTo(north(UNION_SQUARE, 100).lat, 6);
    riderSocket.close();
    driver.socket.close();
  });

  it('a driver whose frames reach one process goes offline through the other: the first takes them out of the shared index at once', async () => {
    const db = await createTestDatabase();
    cleanups.push(() => db.drop());
    const [portA, portB] = [await freePort(), await freePort()];
    const shared = { DATABASE_URL: db.env.DATABASE_URL!, DATA_DIR: db.env.DATA_DIR, REDIS_URL: process.env.TEST_REDIS_URL!, REDIS_PREFIX: testRedisPrefix() };
    const a = await spawnServer({ ...shared, ...ADMIN_ENV, PORT: String(portA) });
    cleanups.push(() => a.stop());
    const b = await spawnServer({ ...shared, PORT: String(portB) });
    cleanups.push(() => b.stop());
    const admin = await adminOf(asServer(a));
    const available = async () => (await admin.get('/api/admin/driver-dashboard')).body.online.available as number;

    // Frames over a socket on B: B indexes the driver and follows their user room on the bus.
    const driver = await onlineDriver(asServer(b), admin, north(UNION_SQUARE, 250));
    await eventually(async () => (await available()) === 1);
    // Offline through A, which holds no socket of theirs: only the bus tells B (the index entry would
    // otherwise live on for its 60 s TTL).
    const viaA = new TestClient(a.url);
    for (const cookie of driver.client.cookies) viaA.cookies.set(...cookie);
    expect((await viaA.request(`/api/drivers/${driver.driverId}`, { method: 'PATCH', json: { status: 'offline' } })).status).toBe(200);
    await eventually(async () => (await available()) === 0, 3000);
    driver.socket.close();
  });
});
