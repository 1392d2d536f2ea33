import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import net from 'node:net';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { runRetention } from '../src/jobs/run-retention';
import { RETENTION_CRON } from '../src/start-job-workers';
import { TestClient } from './http-client';
import { eventually, GOLDEN_GATE_PARK, newUser, UNION_SQUARE } from './ride-actors';
import { recordingPushSender } from './recording-push-sender';
import { type SpawnedServer, spawnServer } from './spawn-server';
import { createTestDatabase, testRedisPrefix } from './test-database';
import { freePort, signUp, startServerOn, startTestServer, type TestServer } from './test-server';

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const fn of cleanups.reverse()) await fn().catch(() => undefined);
});

const booking = { pickup: UNION_SQUARE, destination: GOLDEN_GATE_PARK, ride_type: 'economy', payment_method: 'cash' };
const subscription = () => ({
  endpoint: `https://fcm.googleapis.com/fcm/send/jobs-${randomUUID()}`,
  expirationTime: null,
  keys: { p256dh: createECDH('prime256v1').generateKeys('base64url'), auth: randomBytes(16).toString('base64url') },
});

type JobRow = { state: string; retry_count: number; data: Record<string, unknown> };
const jobsOf = (server: TestServer, name: string) =>
  sql<JobRow>`select state, retry_count, data from pgboss.job where name = ${name} order by created_on`.execute(server.services.db).then((r) => r.rows);

/** A rider subscribed for pushes whose ride request (a notification, so a push) is on its way. */
async function riderWithPush(server: TestServer) {
  const rider = await newUser(server);
  const sub = subscription();
  expect((await rider.client.post('/api/push/subscriptions', sub)).status).toBe(201);
  return { ...rider, sub };
}
const requestRide = async (client: TestClient) => {
  const res = await client.post('/api/rides', booking);
  expect(res.status).toBe(201);
  return res.body.ride as { id: string };
};

describe('push delivery is a durable job', () => {
  it('a push queued by a server that stops before sending it is delivered by the next server on the same data', async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.drop());
    const before = recordingPushSender();
    // No workers: the job is queued (with the notification, in its transaction) and nobody takes it.
    const first = await startServerOn(database, { TRUST_PROXY: '1' }, { pushSender: before.sender, jobs: { workers: false }, dispatchTick: false });
    const rider = await riderWithPush(first);
    const ride = await requestRide(rider.client);
    expect(await jobsOf(first, 'push-send')).toMatchObject([{ state: 'created', data: { payload: { bookingId: ride.id } } }]);
    await first.stop();
    expect(before.sent).toEqual([]);

    const after = recordingPushSender();
    const second = await startServerOn(database, {}, { pushSender: after.sender, dispatchTick: false });
    cleanups.push(() => second.stop());
    await eventually(async () => after.sent.length > 0, 15_000);
    await second.services.push.idle();
    expect(after.sent).toEqual([
      { target: { endpoint: rider.sub.endpoint, keys: rider.sub.keys }, payload: expect.objectContaining({ title: expect.any(String), bookingId: ride.id }) },
    ]);
    expect(await jobsOf(second, 'push-send')).toMatchObject([{ state: 'completed' }]);
  }, 90_000);

  it('a push the push service refuses is tried again after a backoff, then delivered; the failure is counted', async () => {
    const push = recordingPushSender();
    const server = await startTestServer(
      { TRUST_PROXY: '1' },
      { pushSender: push.sender, jobs: { queues: { 'push-send': { retryDelaySeconds: 1 } } }, dispatchTick: false },
    );
    cleanups.push(() => server.stop());
    const rider = await riderWithPush(server);
    push.answer(rider.sub.endpoint, Object.assign(new Error('push service unavailable'), { statusCode: 503 }));
    await requestRide(rider.client);

    await eventually(async () => (await jobsOf(server, 'push-send'))[0]?.state === 'retry', 10_000);
    expect(push.sent).toHaveLength(1);
    push.answer(rider.sub.endpoint, 'sent');
    await eventually(async () => (await jobsOf(server, 'push-send'))[0]?.state === 'completed', 15_000);
    expect(push.sent).toHaveLength(2);
    expect(push.sent[1]).toEqual(push.sent[0]);
    expect((await jobsOf(server, 'push-send'))[0]!.retry_count).toBe(1);
    const metrics = await server.client().get('/metrics');
    expect(metrics.body).toContain('openride_job_failures_total{queue="push-send"} 1');
    expect(metrics.body).toMatch(/openride_jobs_queued\{queue="push-send"\} 0/);
  }, 60_000);

  it('a transaction that rolls back takes its push job with it', async () => {
    const push = recordingPushSender();
    const server = await startTestServer({ TRUST_PROXY: '1' }, { pushSender: push.sender, dispatchTick: false });
    cleanups.push(() => server.stop());
    const rider = await riderWithPush(server);
    await server.services.db
      .transaction()
      .execute(async (trx) => {
        await server.services.push.enqueue(trx, rider.id, { title: 'never', body: 'rolled back' });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await server.services.push.idle();
    expect(await jobsOf(server, 'push-send')).toEqual([]);
    expect(push.sent).toEqual([]);
  }, 60_000);
});

describe('the job queue on the embedded database', () => {
  it('a job statement the database refuses fails alone: the queue and the requests after it still answer', async () => {
    const server = await startTestServer({ TRUST_PROXY: '1' }, { dispatchTick: false });
    cleanups.push(() => server.stop());
    const rider = await newUser(server);
    const { jobs } = server.services;
    for (let round = 0; round < 5; round++) {
      // pg-boss runs this through executeSql (on PGlite: the app's one shared connection); the id is no uuid, so
      // the database refuses it. The queue goes on at once, as pg-boss does after a statement fails.
      let refused = '';
      try {
        await jobs.deleteJob('push-send', 'not-a-uuid');
      } catch (err) {
        refused = (err as Error).message;
      }
      const queued = await jobs.queued().then(
        (sizes) => sizes['push-send'],
        (err: Error) => err.message,
      );
      expect(refused).toMatch(/uuid/);
      expect(queued).toBe(0);
      // An ordinary request right after reads its own rows.
      const notifications = await rider.client.get('/api/notifications');
      expect(notifications.status).toBe(200);
      expect(Array.isArray(notifications.body)).toBe(true);
    }
    // A booking (its own transaction, a push job in it) and the queue's worker still run on the same connection.
    await requestRide(rider.client);
    await jobs.idle(['push-send', 'message-send']);
  }, 60_000);
});

/**
 * A little SMTP server: it turns the first connection away (421, as a busy provider does) and takes the
 * messages of the next ones.
 */
async function flakySmtp() {
  const received: string[] = [];
  let connections = 0;
  const server = net.createServer((socket) => {
    if (connections++ === 0) {
      socket.end('421 busy, try later\r\n');
      return;
    }
    socket.write('220 test smtp\r\n');
    let data = false;
    let buffer = '';
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      for (let i = buffer.indexOf('\r\n'); i >= 0; i = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (data) {
          if (line === '.') {
            data = false;
            socket.write('250 queued\r\n');
          } else received.push(line);
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 test smtp\r\n');
        else if (verb === 'DATA') {
          data = true;
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  const port = await new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)));
  return { port, received, connections: () => connections, close: () => new Promise((r) => server.close(r)) };
}

describe('email to a real provider is a durable job', () => {
  it('a password reset answers at once; the email is retried after the provider turns it away, sent, and its job deleted', async () => {
    const smtp = await flakySmtp();
    cleanups.push(() => smtp.close());
    const server = await startTestServer(
      { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` },
      { jobs: { queues: { 'message-send': { retryDelaySeconds: 1 } } }, dispatchTick: false },
    );
    cleanups.push(() => server.stop());
    const { email } = await signUp(server.client());
    const res = await server.client().post('/api/auth/request-password-reset', { email, redirectTo: '/auth' });
    expect(res.status).toBe(200);

    await eventually(async () => (await jobsOf(server, 'message-send'))[0]?.state === 'retry', 10_000);
    await eventually(async () => smtp.received.some((line) => line.includes('reset-password')), 15_000);
    expect(smtp.connections()).toBe(2);
    expect(smtp.received.join('\n')).toContain(`To: ${email}`);
    // Sent: the job (and the link in it) is gone; nothing went to the dev outbox.
    await eventually(async () => (await jobsOf(server, 'message-send')).length === 0, 5_000);
    expect((await server.client().get('/api/dev/outbox')).body.filter((m: { to: string }) => m.to === email)).toEqual([]);
  }, 60_000);
});

describe('retention', () => {
  it('deletes breadcrumbs older than RETENTION_BREADCRUMB_DAYS, outbox rows older than a day, expired sessions and codes; keeps the rest', async () => {
    const server = await startTestServer({ TRUST_PROXY: '1', RETENTION_BREADCRUMB_DAYS: '30' }, { dispatchTick: false });
    cleanups.push(() => server.stop());
    const { db } = server.services;
    const rider = await newUser(server);
    const ride = await requestRide(rider.client);
    const daysAgo = (d: number) => new Date(Date.now() - d * 24 * 60 * 60 * 1000);
    const crumb = (at: Date) => ({ ride_id: ride.id, at, lat: UNION_SQUARE.lat, lng: UNION_SQUARE.lng, accuracy: 5, heading: null, speed: null });
    await db
      .insertInto('ride_locations')
      .values([crumb(daysAgo(100)), crumb(daysAgo(31)), crumb(daysAgo(29)), crumb(new Date())])
      .execute();
    const mail = (created_at: Date, subject: string) => ({ channel: 'email' as const, to: 'x@example.test', subject, body: '…', created_at });
    await db
      .insertInto('dev_outbox')
      .values([mail(daysAgo(2), 'old mail'), mail(daysAgo(0.5), 'recent mail')])
      .execute();
    const session = (expiresAt: Date, token: string) => ({
      id: randomUUID(),
      token,
      expiresAt,
      createdAt: daysAgo(40),
      updatedAt: daysAgo(40),
      ipAddress: null,
      userAgent: null,
      userId: rider.id,
    });
    await db
      .insertInto('session')
      .values([session(daysAgo(1), 'expired-session'), session(daysAgo(-1), 'live-session')])
      .execute();
    const verification = (expiresAt: Date, identifier: string) => ({
      id: randomUUID(),
      identifier,
      value: rider.id,
      expiresAt,
      createdAt: daysAgo(2),
      updatedAt: daysAgo(2),
    });
    await db
      .insertInto('verification')
      .values([verification(daysAgo(1), 'expired-token'), verification(daysAgo(-1), 'live-token')])
      .execute();
    await db
      .insertInto('phone_otps')
      .values([
        { phone: '4155550001', code_hash: 'a', expires_at: daysAgo(1) },
        { phone: '4155550002', code_hash: 'b', expires_at: daysAgo(-0.01) },
      ])
      .execute();

    // The scheduled job, run once now: the same work the hourly schedule queues.
    expect(await sql<{ cron: string }>`select cron from pgboss.schedule where name = 'retention'`.execute(db).then((r) => r.rows)).toEqual([
      { cron: RETENTION_CRON },
    ]);
    await server.services.jobs.send('retention', {});
    await server.services.jobs.idle(['retention']);

    const days = (await db.selectFrom('ride_locations').select('at').where('ride_id', '=', ride.id).orderBy('at').execute()).map((r) =>
      Math.round((Date.now() - new Date(r.at).getTime()) / 86_400_000),
    );
    expect(days).toEqual([29, 0]);
    expect((await db.selectFrom('dev_outbox').select('subject').where('to', '=', 'x@example.test').execute()).map((r) => r.subject)).toEqual(['recent mail']);
    const tokens = (await db.selectFrom('session').select('token').where('userId', '=', rider.id).execute()).map((r) => r.token);
    expect(tokens).toContain('live-session');
    expect(tokens).not.toContain('expired-session');
    expect((await db.selectFrom('verification').select('identifier').where('value', '=', rider.id).execute()).map((r) => r.identifier)).toEqual(['live-token']);
    expect((await db.selectFrom('phone_otps').select('phone').where('phone', 'in', ['4155550001', '4155550002']).execute()).map((r) => r.phone)).toEqual([
      '4155550002',
    ]);
    // The rider's own session (not expired) still works.
    expect((await rider.client.get('/api/me')).status).toBe(200);
    // Called directly (as the job does), it reports what it deleted: nothing is left to delete.
    expect(await runRetention(db, { breadcrumbDays: 30 })).toEqual({ breadcrumbs: 0, outbox: 0, sessions: 0, verifications: 0, otps: 0, surgeSnapshots: 0 });
    await db
      .insertInto('ride_locations')
      .values(crumb(daysAgo(45)))
      .execute();
    expect(await runRetention(db, { breadcrumbDays: 60 })).toMatchObject({ breadcrumbs: 0 });
    expect(await runRetention(db, { breadcrumbDays: 30 })).toMatchObject({ breadcrumbs: 1 });
  }, 60_000);
});

const scaled = Boolean(process.env.TEST_DATABASE_URL);
const metricOf = async (server: SpawnedServer, name: string) => {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.split(' ')[1]) : NaN;
};

describe.runIf(scaled)('the dispatch sweep runs in one process (PostgreSQL)', () => {
  it('two processes: one holds the dispatch lease and sweeps; when it stops, the other takes over', async () => {
    const db = await createTestDatabase();
    cleanups.push(() => db.drop());
    const shared = {
      DATABASE_URL: db.env.DATABASE_URL!,
      DATA_DIR: db.env.DATA_DIR,
      ...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL, REDIS_PREFIX: testRedisPrefix() } : {}),
    };
    const a = await spawnServer({ ...shared, PORT: String(await freePort()) });
    // A process killed by a signal has no exit code: stop() would wait for an exit that already happened.
    const kill = (s: SpawnedServer) => (s.proc.exitCode === null && s.proc.signalCode === null ? s.stop('SIGKILL') : Promise.resolve(null));
    cleanups.push(() => kill(a));
    const b = await spawnServer({ ...shared, PORT: String(await freePort()) });
    cleanups.push(() => kill(b));

    const held = async () => [await metricOf(a, 'openride_dispatch_lease_held'), await metricOf(b, 'openride_dispatch_lease_held')];
    await eventually(async () => (await held()).reduce((x, y) => x + y) === 1, 10_000);
    const [aHeld] = await held();
    const [holder, other] = aHeld === 1 ? [a, b] : [b, a];
    // Only the holder sweeps: the other's sweep histogram stays at zero.
    await eventually(async () => (await metricOf(holder, 'openride_dispatch_sweep_duration_seconds_count')) >= 2, 10_000);
    expect(await metricOf(other, 'openride_dispatch_sweep_duration_seconds_count')).toBe(0);
    expect(await metricOf(other, 'openride_dispatch_lease_held')).toBe(0);

    // The holder dies without a goodbye: its connection, and the lock with it, goes; the other takes over.
    await holder.stop('SIGKILL');
    await eventually(async () => (await metricOf(other, 'openride_dispatch_lease_held')) === 1, 15_000);
    await eventually(async () => (await metricOf(other, 'openride_dispatch_sweep_duration_seconds_count')) >= 1, 10_000);
  }, 90_000);
});

describe.runIf(scaled)('a job runs once, whichever process takes it (PostgreSQL)', () => {
  it('two processes with workers on one database: every push of 12 rides is sent exactly once between them', async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.drop());
    const [onA, onB] = [recordingPushSender(), recordingPushSender()];
    const a = await startServerOn(database, { TRUST_PROXY: '1' }, { pushSender: onA.sender, dispatchTick: false });
    cleanups.push(() => a.stop());
    const b = await startServerOn(database, { TRUST_PROXY: '1' }, { pushSender: onB.sender, dispatchTick: false });
    cleanups.push(() => b.stop());

    // Half the riders book on each process; both processes' workers poll the same queue.
    const riders = await Promise.all(Array.from({ length: 12 }, (_, i) => riderWithPush(i % 2 ? b : a)));
    const rides = await Promise.all(riders.map((r) => requestRide(r.client)));
    await eventually(async () => onA.sent.length + onB.sent.length >= rides.length, 20_000);
    await Promise.all([a.services.push.idle(), b.services.push.idle()]);
    const sent = [...onA.sent, ...onB.sent].map((s) => (s.payload as { bookingId: string }).bookingId).sort();
    expect(sent).toEqual(rides.map((r) => r.id).sort());
    expect((await jobsOf(a, 'push-send')).map((j) => j.state)).toEqual(rides.map(() => 'completed'));
  }, 90_000);
});
