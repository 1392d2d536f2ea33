import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listNotifications } from '../src/notifications/notifications.repo';
import { signUp, startTestServer, type TestServer } from './test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

describe('GET /api/notifications (the poll)', () => {
  it('answers [] for a user without notifications, and 401 without a session', async () => {
    const client = server.client();
    await signUp(client);
    const res = await client.get('/api/notifications');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body).toEqual([]);
    expect((await server.client().get('/api/notifications')).status).toBe(401);
  });

  it('answers exactly the JSON of the 50 newest rows of the caller, newest first, dates as Date#toJSON writes them', async () => {
    const client = server.client();
    await signUp(client);
    const me = (await client.get('/api/me')).body.user.id as string;
    const other = server.client();
    await signUp(other);
    const otherId = (await other.get('/api/me')).body.user.id as string;
    const { db } = server.services;
    const booking = randomUUID();
    // 60 rows with microsecond timestamps (Date keeps milliseconds), odd text, both booking_id forms.
    await sql`insert into notifications (user_id, type, title, message, is_read, booking_id, created_at)
      select ${me}, (array['success','warning','error','other'])[1 + n % 4], 'Title "' || n || '" é ✓',
             E'line\\nbreak \\\\ tab\\t' || n, n % 2 = 0, case when n % 3 = 0 then ${booking}::uuid end,
             timestamptz '2026-03-04 05:06:07.123789+00' - make_interval(secs => n * 61.0004)
        from generate_series(1, 60) n`.execute(db);
    await db.insertInto('notifications').values({ user_id: otherId, type: 'other', title: 'not yours', message: 'x', booking_id: null }).execute();

    const res = await client.get('/api/notifications');
    expect(res.status).toBe(200);
    const expected = JSON.parse(JSON.stringify(await listNotifications(db, me)));
    expect(expected).toHaveLength(50);
    expect(res.body).toEqual(expected);
    expect(Object.keys(res.body[0])).toEqual(Object.keys(expected[0]));
    expect(res.body[0].created_at).toBe('2026-03-04T05:05:06.123Z');
  });
});

describe("GET /api/notifications/unread-count (the bell's badge)", () => {
  it('counts every unread notification of the caller, not only those among the 50 the poll lists', async () => {
    const client = server.client();
    await signUp(client);
    const me = (await client.get('/api/me')).body.user.id as string;
    const other = server.client();
    await signUp(other);
    const otherId = (await other.get('/api/me')).body.user.id as string;
    const { db } = server.services;
    // 56 notifications: the 6 oldest unread, the 50 newest read. Someone else's unread one is not theirs.
    await sql`insert into notifications (user_id, type, title, message, is_read, booking_id, created_at)
      select ${me}, 'other', 'N' || n, 'm', n <= 50, null, timestamptz '2026-03-04 05:00:00+00' - make_interval(mins => n)
        from generate_series(1, 56) n`.execute(db);
    await db.insertInto('notifications').values({ user_id: otherId, type: 'other', title: 'not yours', message: 'x', booking_id: null }).execute();

    const list = (await client.get('/api/notifications')).body as { is_read: boolean }[];
    expect(list).toHaveLength(50);
    expect(list.filter((n) => !n.is_read)).toHaveLength(0);
    const res = await client.get('/api/notifications/unread-count');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ unread: 6 });

    // 'Mark all read' reaches the ones beyond the 50 too.
    expect((await client.patch('/api/notifications', { all: true, is_read: true })).body).toEqual({ updated: 6 });
    expect((await client.get('/api/notifications/unread-count')).body).toEqual({ unread: 0 });
    expect((await other.get('/api/notifications/unread-count')).body).toEqual({ unread: 1 });
    expect((await server.client().get('/api/notifications/unread-count')).status).toBe(401);
  });
});
