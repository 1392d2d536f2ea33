import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNotification } from '../src/notifications/create-notification';
import { signUp, startTestServer, type TestServer } from './test-server';
import type { TestClient } from './http-client';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

async function user() {
  const client = server.client();
  expect((await signUp(client)).status).toBe(200);
  return { client, id: (await client.get('/api/me')).body.user.id as string };
}

/** `n` rows for `userId`, one second apart (newest: i = 0), kinds in turn, every third unread. */
async function seed(userId: string, n: number) {
  await sql`insert into notifications (user_id, type, title, message, is_read, kind, link, created_at)
    select ${userId}, 'other', 'Note ' || i, 'm', i % 3 <> 0, (array['ride','payment','document','account'])[1 + i % 4],
           case when i % 4 = 1 then '/payment-history' end, timestamptz '2026-05-01 12:00:00.123456+00' - make_interval(secs => i)
      from generate_series(0, ${n - 1}) i`.execute(server.services.db);
}

const titles = (page: { items: { title: string }[] }) => page.items.map((i) => i.title);

async function allPages(client: TestClient, query: string) {
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const res = await client.get(`/api/notifications/all?limit=7&${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.status).toBe(200);
    seen.push(...titles(res.body));
    cursor = res.body.next_cursor;
  } while (cursor);
  return seen;
}

describe('the notification center (GET /api/notifications/all)', () => {
  it('pages the caller’s own rows newest first, by kind and unread, with the unread count; the bell’s poll is unchanged', async () => {
    const me = await user();
    const other = await user();
    await seed(me.id, 20);
    await seed(other.id, 3);

    const first = await me.client.get('/api/notifications/all?limit=7');
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(20);
    expect(first.body.unread).toBe(7); // i = 0, 3, …, 18
    expect(titles(first.body)).toEqual(['Note 0', 'Note 1', 'Note 2', 'Note 3', 'Note 4', 'Note 5', 'Note 6']);
    expect(first.body.items[1]).toMatchObject({ kind: 'payment', link: '/payment-history', user_id: me.id });

    const every = await allPages(me.client, '');
    expect(every).toEqual(Array.from({ length: 20 }, (_, i) => `Note ${i}`));
    expect(await allPages(me.client, 'kind=document')).toEqual(['Note 2', 'Note 6', 'Note 10', 'Note 14', 'Note 18']);
    expect(await allPages(me.client, 'unread=1')).toEqual(['Note 0', 'Note 3', 'Note 6', 'Note 9', 'Note 12', 'Note 15', 'Note 18']);
    expect(await allPages(me.client, 'kind=ride&unread=1')).toEqual(['Note 0', 'Note 12']);
    // A page of another filter's cursor, a made-up cursor, an unknown kind: 400, not a wrong page.
    expect((await me.client.get('/api/notifications/all?cursor=bm9wZQ')).status).toBe(400);
    expect((await me.client.get('/api/notifications/all?kind=marketing')).status).toBe(400);
    expect((await me.client.get('/api/notifications/all?limit=500')).status).toBe(400);
    // Visitors: 401.
    expect((await server.client().get('/api/notifications/all')).status).toBe(401);

    // The bell still reads its eight fields, 50 newest.
    const bell = await me.client.get('/api/notifications');
    expect(Object.keys(bell.body[0]).sort()).toEqual(['booking_id', 'created_at', 'id', 'is_read', 'message', 'title', 'type', 'user_id']);
  });

  it('marks one read and all read, only ever the caller’s: another user cannot mark mine read', async () => {
    const me = await user();
    const other = await user();
    await seed(me.id, 6);
    const unreadId = (await me.client.get('/api/notifications/all?unread=1')).body.items[0].id as string;

    // Another user's PATCH with my id changes nothing.
    expect((await other.client.patch('/api/notifications', { id: unreadId, is_read: true })).body).toEqual({ updated: 0 });
    expect((await other.client.patch('/api/notifications', { all: true, is_read: true })).body).toEqual({ updated: 0 });
    expect((await other.client.get('/api/notifications/all')).body.items).toEqual([]);
    let mine = (await me.client.get('/api/notifications/all')).body;
    expect(mine.unread).toBe(2);

    expect((await me.client.patch('/api/notifications', { id: unreadId, is_read: true })).body).toEqual({ updated: 1 });
    mine = (await me.client.get('/api/notifications/all')).body;
    expect(mine.unread).toBe(1);
    expect(mine.items.find((n: { id: string }) => n.id === unreadId).is_read).toBe(true);

    expect((await me.client.patch('/api/notifications', { all: true, is_read: true })).body).toEqual({ updated: 1 });
    expect((await me.client.get('/api/notifications/all?unread=1')).body).toMatchObject({ items: [], next_cursor: null, total: 0, unread: 0 });
    // Bad input: 400 and nothing changed.
    expect((await me.client.patch('/api/notifications', { id: 'x', is_read: true })).status).toBe(400);
  });

  it('gives new rows a kind: ride when about a booking, else account, or the one the caller names, with its link', async () => {
    const me = await user();
    const { db } = server.services;
    const booking = randomUUID();
    const made = await db.transaction().execute(async (trx) => [
      await createNotification(trx, server.services, { user_id: me.id, booking_id: booking, type: 'success', title: 'A', message: 'm' }),
      await createNotification(trx, server.services, { user_id: me.id, booking_id: null, type: 'other', title: 'B', message: 'm' }),
      await createNotification(trx, server.services, {
        user_id: me.id,
        booking_id: null,
        type: 'warning',
        title: 'C',
        message: 'm',
        kind: 'document',
        link: '/driver-documents-upload',
      }),
    ]);
    for (const n of made) await n.publish();
    const rows = (await me.client.get('/api/notifications/all')).body.items;
    // One transaction, one now(): the same created_at, so compare by title.
    const byTitle = rows
      .map((r: { title: string; kind: string; link: string | null; booking_id: string | null }) => [r.title, r.kind, r.link, r.booking_id])
      .sort();
    expect(byTitle).toEqual([
      ['A', 'ride', null, booking],
      ['B', 'account', null, null],
      ['C', 'document', '/driver-documents-upload', null],
    ]);
    // The database refuses a kind outside the list and a link that is not an in-app path.
    await expect(
      sql`insert into notifications (user_id, type, title, message, kind) values (${me.id}, 'other', 't', 'm', 'spam')`.execute(db),
    ).rejects.toThrow();
    await expect(
      sql`insert into notifications (user_id, type, title, message, link) values (${me.id}, 'other', 't', 'm', 'https://evil.example')`.execute(db),
    ).rejects.toThrow();
  });
});
