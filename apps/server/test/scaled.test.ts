import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './http-client';
import { openSocket } from './socket-client';
import { type SpawnedServer, spawnServer } from './spawn-server';
import { createTestDatabase, type TestDatabase, testRedisPrefix } from './test-database';
import { freePort, signIn, signUp } from './test-server';

const scaled = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);

// Two stateless processes on one PostgreSQL and one Redis, as behind a load balancer (one public URL).
describe.runIf(scaled)('scaled mode: two server processes on PostgreSQL + Redis', () => {
  let db: TestDatabase;
  let a: SpawnedServer;
  let b: SpawnedServer;
  beforeAll(async () => {
    db = await createTestDatabase();
    const [portA, portB] = [await freePort(), await freePort()];
    const shared = {
      DATABASE_URL: db.env.DATABASE_URL!,
      REDIS_URL: process.env.TEST_REDIS_URL!,
      REDIS_PREFIX: testRedisPrefix(),
      PUBLIC_URL: `http://localhost:${portA}`,
      DATA_DIR: db.env.DATA_DIR,
    };
    // Started together on a fresh database: the migrations' lock must let exactly one of them migrate.
    [a, b] = await Promise.all([spawnServer({ ...shared, PORT: String(portA) }), spawnServer({ ...shared, PORT: String(portB) })]);
  });
  afterAll(async () => {
    await Promise.allSettled([a?.stop(), b?.stop()]);
    await db?.drop();
  });

  it('an event raised through one process reaches a client connected to the other', async () => {
    const viaA = new TestClient(a.url);
    await signUp(viaA);
    const userId = (await viaA.get('/api/me')).body.user.id;
    // The same browser session, its socket landing on process B.
    const socket = await openSocket(viaA, b.url);
    await viaA.patch('/api/profiles/me', { full_name: 'Cross Process' });
    const event = await socket.next((f) => f.type === 'event' && f.event === 'profile.changed');
    expect(event).toMatchObject({ channel: `user:${userId}`, data: { full_name: 'Cross Process' } });
    socket.close();
  });

  it('a session made on one process is valid on the other, and failed sign-ins are counted across both', async () => {
    const viaA = new TestClient(a.url);
    const { email } = await signUp(viaA);
    const onB = new TestClient(b.url);
    for (const cookie of viaA.cookies) onB.cookies.set(...cookie);
    expect((await onB.get('/api/me')).body.user.email).toBe(email);

    for (let i = 0; i < 5; i++) await signIn(new TestClient(i % 2 ? a.url : b.url), email, `Wrong-Passw0rd${i}`);
    expect((await signIn(new TestClient(a.url), email)).body.rateLimited).toBe(true);
    expect((await signIn(new TestClient(b.url), email)).body.rateLimited).toBe(true);
  });
});
