import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './http-client';
import { rideFactory } from './refund-helpers';
import { adminOf, ADMIN_ENV, approvedDriverOf, newUser } from './ride-actors';
import { spawnServer } from './spawn-server';
import { createTestDatabase, testRedisPrefix } from './test-database';
import { startServerOn, startTestServer, type TestServer } from './test-server';
import { uploadPng } from './upload-png';
import { grantStaff } from '../src/roles/staff.repo';

/**
 * Support tickets (issue 15, decision 0055): riders and drivers open tickets and read only theirs, internal
 * notes never reach them, a lost-item ticket's driver takes part, admins work the queue, /contact makes
 * visitor tickets, and the auto-close job closes resolved tickets once.
 */
const scaled = Boolean(process.env.TEST_DATABASE_URL);
let server: TestServer;
let admin: TestClient;
let adminId: string;
let rides: Awaited<ReturnType<typeof rideFactory>>;
const cleanups: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  server = await startTestServer(ADMIN_ENV);
  admin = await adminOf(server);
  adminId = (await admin.get('/api/me')).body.user.id;
  rides = await rideFactory(server, admin, 'Lena Lostfound');
});
afterAll(async () => {
  rides?.close();
  for (const fn of cleanups.reverse()) await fn().catch(() => undefined);
  await server?.stop();
});

const db = () => server.services.db;
const ticketCount = async () =>
  Number(
    (
      await db()
        .selectFrom('support_tickets')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const messageCount = async (ticketId: string) =>
  Number(
    (
      await db()
        .selectFrom('support_messages')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('ticket_id', '=', ticketId)
        .executeTakeFirstOrThrow()
    ).n,
  );
const noticesOf = (userId: string) =>
  db().selectFrom('notifications').select(['title', 'message', 'kind', 'link']).where('user_id', '=', userId).orderBy('created_at').execute();
const auditOf = (ticketId: string) =>
  db().selectFrom('audit_log').select(['action', 'actor_id']).where('entity_id', '=', ticketId).orderBy('created_at').execute();
const fileStatus = async (client: TestClient, id: string) =>
  (await fetch(new URL(`/api/files/${id}`, server.url), { headers: { cookie: client.cookieHeader } })).status;
const open = (client: TestClient, body: Record<string, unknown>) => client.post('/api/support/tickets', body);

describe('a rider reports a lost item from a completed ride', () => {
  it('the driver of the ride takes part; another driver, another rider and a visitor cannot; nobody sees a phone', async () => {
    const rider = await rides.riderWithRide('Rosa Lostphone');
    const driver = rides.driver();
    const photo = await uploadPng(server, rider.client, 'ticket_photo', 'phone.png');
    const opened = await open(rider.client, {
      category: 'lost_item',
      message: 'I left my phone on the back seat.\nIt is a black one.',
      ride_id: rider.rideId,
      file_ids: [photo],
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const ticket = opened.body.ticket;
    expect(ticket).toMatchObject({
      category: 'lost_item',
      status: 'open',
      subject: 'I left my phone on the back seat.',
      role: 'requester',
      ride_id: rider.rideId,
    });
    expect(ticket.number).toMatch(/^T-\d{4,}$/);

    // The driver is told, lists it and reads it, and answers through it.
    expect((await noticesOf(driver.id)).map((n) => n.title)).toContain(`Lost item reported (${ticket.number})`);
    const listed = (await driver.client.get('/api/support/tickets')).body.tickets as Array<{ id: string; role: string }>;
    expect(listed.find((t) => t.id === ticket.id)?.role).toBe('participant');
    const read = await driver.client.get(`/api/support/tickets/${ticket.id}`);
    expect(read.status).toBe(200);
    expect(read.body.messages[0]).toMatchObject({ author_role: 'requester', author_name: 'Rosa', mine: false, file_ids: [photo] });
    expect(await fileStatus(driver.client, photo)).toBe(200);
    const answered = await driver.client.post(`/api/support/tickets/${ticket.id}/messages`, { body: 'Found it. I can drop it at the Ferry Building at 5 pm.' });
    expect(answered.status).toBe(200);
    expect((await rider.client.get(`/api/support/tickets/${ticket.id}`)).body.messages.map((m: { author_role: string }) => m.author_role)).toEqual([
      'requester',
      'participant',
    ]);
    expect((await noticesOf(rider.id)).map((n) => n.title)).toContain(`New message on ${ticket.number}`);
    const everything = JSON.stringify([read.body, (await rider.client.get(`/api/support/tickets/${ticket.id}`)).body]);
    expect(everything).not.toMatch(/phone"|\+1\d{10}|\(\d{3}\)/);

    // The refused: another driver, another rider (404 as if there were none), a visitor (401).
    const otherDriver = await approvedDriverOf(server, admin, 'Otto Otherdriver');
    const otherRider = await newUser(server, 'Olive Otherrider');
    for (const stranger of [otherDriver.client, otherRider.client]) {
      expect((await stranger.get(`/api/support/tickets/${ticket.id}`)).status).toBe(404);
      expect((await stranger.post(`/api/support/tickets/${ticket.id}/messages`, { body: 'Hello?' })).status).toBe(404);
      expect(await fileStatus(stranger, photo)).toBe(404);
      expect(((await stranger.get('/api/support/tickets')).body.tickets as unknown[]).length).toBe(0);
    }
    const visitor = server.client();
    expect((await visitor.get(`/api/support/tickets/${ticket.id}`)).status).toBe(401);
    expect((await visitor.get('/api/support/tickets')).status).toBe(401);
    expect((await visitor.post('/api/support/tickets', { category: 'other', message: 'Hi' })).status).toBe(401);
    expect(await messageCount(ticket.id)).toBe(2);
    // The participant does not rate the help.
    expect((await driver.client.post(`/api/support/tickets/${ticket.id}/rating`, { rating: 5 })).status).toBe(403);
  });

  it('bad input is 400 (or 404 for another’s ride or photo) and changes nothing', async () => {
    const rider = await rides.riderWithRide('Bea Badinput');
    const other = await rides.riderWithRide('Oscar Otherride');
    const othersPhoto = await uploadPng(server, other.client, 'ticket_photo');
    const wrongPurpose = await uploadPng(server, rider.client, 'support');
    const before = await ticketCount();
    for (const body of [
      { category: 'lost_item', message: '' },
      { category: 'lost', message: 'Hello' },
      { message: 'Hello' },
      { category: 'other', message: 'x'.repeat(4001) },
      { category: 'other', message: 'Hello', ride_id: 'not-a-ride' },
      { category: 'other', message: 'Hello', extra: 1 },
      { category: 'other', message: 'Hello', file_ids: [wrongPurpose] },
    ]) {
      const res = await open(rider.client, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await open(rider.client, { category: 'other', message: 'Hello', ride_id: other.rideId })).status).toBe(404);
    expect((await open(rider.client, { category: 'other', message: 'Hello', file_ids: [othersPhoto] })).status).toBe(404);
    expect(await ticketCount()).toBe(before);
  });
});

describe('admins work the queue', () => {
  it('only admins see the queue, assign, answer and resolve; internal notes never reach the user', async () => {
    const rider = await newUser(server, 'Ursula Userside');
    const opened = await open(rider.client, { category: 'safety', message: 'The driver was speeding.' });
    expect(opened.status).toBe(201);
    const id = opened.body.ticket.id as string;
    const row = await db().selectFrom('support_tickets').select(['priority', 'sla_due_at', 'created_at']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.priority).toBe('urgent');
    expect(new Date(row.sla_due_at).getTime() - new Date(row.created_at).getTime()).toBe(3_600_000);

    // Refused from the refused side: a rider 403, a visitor 401, for every admin route; nothing changes.
    const visitor = server.client();
    for (const [client, status] of [
      [rider.client, 403],
      [visitor, 401],
    ] as const) {
      expect((await client.get('/api/admin/support-tickets')).status).toBe(status);
      expect((await client.get(`/api/admin/support-tickets/${id}`)).status).toBe(status);
      expect((await client.post(`/api/admin/support-tickets/${id}/assign`, { assignee_id: adminId })).status).toBe(status);
      expect((await client.post(`/api/admin/support-tickets/${id}/messages`, { body: 'x', internal: true })).status).toBe(status);
      expect((await client.post(`/api/admin/support-tickets/${id}/priority`, { priority: 'low' })).status).toBe(status);
      expect((await client.post(`/api/admin/support-tickets/${id}/resolve`, {})).status).toBe(status);
      expect((await client.post(`/api/admin/support-tickets/${id}/reopen`, {})).status).toBe(status);
    }
    expect(await messageCount(id)).toBe(1);
    expect(await auditOf(id)).toEqual([]);

    // The queue: filters, the ticket found by its number.
    const queue = await admin.get(`/api/admin/support-tickets?category=safety&status=open&assignee=unassigned&q=${opened.body.ticket.number}`);
    expect(queue.status).toBe(200);
    expect(queue.body.items.map((t: { id: string }) => t.id)).toEqual([id]);
    expect(queue.body.items[0]).toMatchObject({ priority: 'urgent', overdue: false, requester_name: 'Ursula Userside', visitor: false });
    expect((await admin.get('/api/admin/support-tickets?priority=extreme')).status).toBe(400);

    // Assign: to an admin only (a rider is 400, nothing changes), then to me; the queue's "me" filter follows.
    expect((await admin.post(`/api/admin/support-tickets/${id}/assign`, { assignee_id: rider.id })).status).toBe(400);
    expect((await admin.post(`/api/admin/support-tickets/${id}/assign`, { assignee_id: adminId })).body.ticket.assignee_id).toBe(adminId);
    expect((await admin.get('/api/admin/support-tickets?assignee=me')).body.items.map((t: { id: string }) => t.id)).toContain(id);

    // An internal note: admins see it, the user never does.
    expect((await admin.post(`/api/admin/support-tickets/${id}/messages`, { body: 'Check the GPS trace first.', internal: true })).status).toBe(200);
    expect((await admin.post(`/api/admin/support-tickets/${id}/messages`, { body: '', internal: false })).status).toBe(400);
    const mine = await rider.client.get(`/api/support/tickets/${id}`);
    expect(mine.body.ticket.status).toBe('open');
    expect(JSON.stringify(mine.body)).not.toContain('GPS trace');
    expect(mine.body.messages).toHaveLength(1);

    // A reply: pending, the user notified; their reply makes it open again.
    const replied = await admin.post(`/api/admin/support-tickets/${id}/messages`, { body: 'We are looking into it. Which street was it?' });
    expect(replied.body.ticket.status).toBe('pending');
    expect(replied.body.messages.map((m: { internal: boolean }) => m.internal)).toEqual([false, true, false]);
    expect((await noticesOf(rider.id)).map((n) => n.title)).toContain(`Support answered ${opened.body.ticket.number}`);
    // The notification center files it under Support and opens the ticket (decision 0059's kind and link).
    expect((await noticesOf(rider.id)).find((n) => n.title === `Support answered ${opened.body.ticket.number}`)).toMatchObject({
      kind: 'support',
      link: `/support-tickets?ticket=${opened.body.ticket.id}`,
    });
    const userView = await rider.client.get(`/api/support/tickets/${id}`);
    expect(userView.body.messages.map((m: { author_role: string; internal: boolean }) => [m.author_role, m.internal])).toEqual([
      ['requester', false],
      ['support', false],
    ]);
    expect((await rider.client.post(`/api/support/tickets/${id}/messages`, { body: 'Market Street.' })).body.ticket.status).toBe('open');

    // Priority: the due time follows.
    const lowered = await admin.post(`/api/admin/support-tickets/${id}/priority`, { priority: 'high' });
    expect(lowered.body.ticket.priority).toBe('high');

    // Rating before resolution: 409. Resolve: notified; a second Resolve 409; then rate once.
    expect((await rider.client.post(`/api/support/tickets/${id}/rating`, { rating: 5 })).status).toBe(409);
    expect((await admin.post(`/api/admin/support-tickets/${id}/resolve`, {})).body.ticket.status).toBe('resolved');
    expect((await admin.post(`/api/admin/support-tickets/${id}/resolve`, {})).status).toBe(409);
    expect((await noticesOf(rider.id)).map((n) => n.title)).toContain(`${opened.body.ticket.number} resolved`);
    expect((await rider.client.post(`/api/support/tickets/${id}/rating`, { rating: 6 })).status).toBe(400);
    expect((await rider.client.post(`/api/support/tickets/${id}/rating`, { rating: 4 })).body.ticket.csat_rating).toBe(4);
    expect((await rider.client.post(`/api/support/tickets/${id}/rating`, { rating: 5 })).status).toBe(409);
    expect((await admin.post(`/api/admin/support-tickets/${id}/reopen`, {})).body.ticket.status).toBe('open');
    expect((await admin.post(`/api/admin/support-tickets/${id}/reopen`, {})).status).toBe(409);

    expect((await auditOf(id)).map((a) => a.action)).toEqual([
      'support_ticket.assign',
      'support_ticket.note',
      'support_ticket.reply',
      'support_ticket.priority',
      'support_ticket.resolve',
      'support_ticket.reopen',
    ]);
  });

  it('a ticket about a ride comes with the ride’s timeline and chat', async () => {
    const rider = await rides.riderWithRide('Tim Timeline');
    const opened = await open(rider.client, { category: 'fare_payment', message: 'Charged twice?', ride_id: rider.rideId });
    const detail = await admin.get(`/api/admin/support-tickets/${opened.body.ticket.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.ride.ride.id).toBe(rider.rideId);
    expect(detail.body.ride.timeline.map((e: { kind: string }) => e.kind)).toContain('completed');
    expect(Array.isArray(detail.body.ride.messages)).toBe(true);
    expect(detail.body.agents.map((a: { id: string }) => a.id)).toContain(adminId);
    // Another user's ticket is not the rider's to read.
    const other = await newUser(server, 'Nosy Neighbour');
    expect((await other.client.get(`/api/support/tickets/${opened.body.ticket.id}`)).status).toBe(404);
  });

  it('the queue follows the console’s city (decision 0091): ?city= keeps its rides’ tickets and those about no ride; another city is 404 to a scoped member', async () => {
    const madrid = await admin.post('/api/admin/cities', {
      id: 'madrid-support',
      name: 'Madrid',
      currency: 'EUR',
      timezone: 'Europe/Madrid',
      center_lat: 40.4168,
      center_lng: -3.7038,
    });
    expect(madrid.status).toBe(201);
    const rider = await newUser(server, 'Carmen Cityqueue');
    // A finished ride in each city, written straight into the database (Madrid has no zone to book in here).
    const rideIn = async (cityId: string, currency: string) => {
      const { id } = await db()
        .insertInto('rides')
        .values({
          city_id: cityId,
          rider_id: rider.id,
          ride_type: 'economy',
          status: 'completed',
          pickup_lat: 40.41,
          pickup_lng: -3.7,
          dropoff_lat: 40.42,
          dropoff_lng: -3.71,
          distance_m: 3000,
          duration_s: 600,
          fare_cents: 1200,
          currency,
          pin: '1234',
          share_token: randomBytes(32).toString('base64url'),
          requested_at: new Date(Date.now() - 3_600_000),
          completed_at: new Date(Date.now() - 1_800_000),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    };
    const opened = async (body: Record<string, unknown>) => {
      const res = await open(rider.client, { category: 'other', ...body });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.ticket.id as string;
    };
    const aboutMadrid = await opened({ message: 'About my Madrid ride', ride_id: await rideIn('madrid-support', 'EUR') });
    const aboutSf = await opened({ message: 'About my San Francisco ride', ride_id: await rideIn('sf', 'USD') });
    const aboutNoRide = await opened({ message: 'About my account' });
    const mine = [aboutMadrid, aboutSf, aboutNoRide];
    const queueOf = async (client: TestClient, query = '') => {
      const res = await client.get(`/api/admin/support-tickets?q=Carmen${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return new Set(res.body.items.map((t: { id: string }) => t.id).filter((id: string) => mine.includes(id)));
    };

    // The owner (every city): all three; Madrid's: its ride's ticket and the one about no ride, not San Francisco's.
    expect(await queueOf(admin)).toEqual(new Set(mine));
    expect(await queueOf(admin, '&city=madrid-support')).toEqual(new Set([aboutMadrid, aboutNoRide]));
    expect(await queueOf(admin, '&city=sf')).toEqual(new Set([aboutSf, aboutNoRide]));
    const csv = await admin.get('/api/admin/support-tickets?format=csv&q=Carmen&city=madrid-support');
    expect(csv.status).toBe(200);
    expect(csv.body).toContain('About my Madrid ride');
    expect(csv.body).toContain('About my account');
    expect(csv.body).not.toContain('About my San Francisco ride');

    // A Madrid-scoped support member: San Francisco is a city nobody has; Madrid (chosen or by scope) as above.
    const member = await newUser(server, 'Manu Madrid');
    await db()
      .transaction()
      .execute((trx) => grantStaff(trx, { userId: member.id, role: 'support', cityIds: ['madrid-support'], invitedBy: null }));
    const refused = await member.client.get('/api/admin/support-tickets?city=sf');
    expect(refused.status).toBe(404);
    expect(refused.body.items).toBeUndefined();
    expect(await queueOf(member.client, '&city=madrid-support')).toEqual(new Set([aboutMadrid, aboutNoRide]));
    expect(await queueOf(member.client)).toEqual(new Set([aboutMadrid, aboutNoRide]));
  });
});

describe('/contact', () => {
  it('a visitor’s message is a ticket in the queue, answered by email; bad input and too many are refused', async () => {
    const visitor = server.client();
    const from = { 'x-forwarded-for': '10.250.1.1' };
    const send = (body: Record<string, unknown>, headers = from) => visitor.request('/api/support/contact', { method: 'POST', json: body, headers });
    const before = await ticketCount();
    expect((await send({ name: 'Vic Visitor', email: 'not-an-email', category: 'other', message: 'Hello' })).status).toBe(400);
    expect((await send({ name: 'Vic Visitor', category: 'other', message: 'Hello' })).status).toBe(400);
    expect(await ticketCount()).toBe(before);
    const sent = await send({ name: 'Vic Visitor', email: 'Vic@Example.com', category: 'account', message: 'What data do you keep about me?' });
    expect(sent.status).toBe(201);
    const number = sent.body.number as string;
    const queue = await admin.get(`/api/admin/support-tickets?q=${number}`);
    expect(queue.body.items[0]).toMatchObject({
      number,
      visitor: true,
      requester_name: 'Vic Visitor',
      requester_email: 'vic@example.com',
      category: 'account',
      status: 'open',
    });
    const id = queue.body.items[0].id as string;
    await admin.post(`/api/admin/support-tickets/${id}/messages`, { body: 'We keep your rides and payments; see /legal.' });
    const outbox = (await server.client().get('/api/dev/outbox')).body as Array<{ to: string; subject: string; body: string }>;
    expect(outbox.some((m) => m.to === 'vic@example.com' && m.body.includes('We keep your rides'))).toBe(true);

    // A signed-in user's message is theirs.
    const user = await newUser(server, 'Sig Nedin');
    const mineSent = await user.client.request('/api/support/contact', {
      method: 'POST',
      json: { name: 'Sig', email: 'sig@example.com', category: 'other', message: 'Hi there' },
      headers: { 'x-forwarded-for': '10.250.2.2' },
    });
    expect(mineSent.status).toBe(201);
    expect(((await user.client.get('/api/support/tickets')).body.tickets as Array<{ number: string }>).map((t) => t.number)).toEqual([mineSent.body.number]);

    // Five an hour from one address (the one sent above counted).
    for (let i = 0; i < 4; i++) expect((await send({ name: 'Vic', email: 'vic@example.com', category: 'other', message: `Again ${i}` })).status).toBe(201);
    const refused = await send({ name: 'Vic', email: 'vic@example.com', category: 'other', message: 'Once more' });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('TOO_MANY_CONTACTS');
  });
});

describe('the support-sla job', () => {
  const overdueNotices = async (userId: string, number: string) => (await noticesOf(userId)).filter((n) => n.title === `${number} is overdue`);
  const runSla = async () => {
    await server.services.jobs.send('support-sla', {});
    await server.services.jobs.idle(['support-sla']);
  };

  it('tells the operators once when an open ticket passes its due time, and again only when a new due time passes', async () => {
    const rider = await newUser(server, 'Otto Overdue');
    const late = (await open(rider.client, { category: 'fare_payment', message: 'Charged twice for one ride' })).body.ticket;
    const onTime = (await open(rider.client, { category: 'other', message: 'A question with time left' })).body.ticket;
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    await db()
      .updateTable('support_tickets')
      .set({ waiting_since: twoDaysAgo, sla_due_at: new Date(twoDaysAgo.getTime() + 24 * 3_600_000) })
      .where('id', '=', late.id)
      .execute();

    // Nobody has it: every admin is told, with a link that opens the ticket; a second run tells nobody again.
    await runSla();
    await runSla();
    const told = await overdueNotices(adminId, late.number);
    expect(told).toEqual([
      expect.objectContaining({
        kind: 'support',
        link: `/support-tickets?ticket=${late.id}`,
        message: 'Normal · Fare or payment: past its due time with no answer yet.',
      }),
    ]);
    expect(await overdueNotices(adminId, onTime.number)).toEqual([]);
    // The rider is never told about the operators' clock.
    expect((await noticesOf(rider.id)).filter((n) => n.title.includes('overdue'))).toEqual([]);

    // Assigned and given 72 hours from when it started waiting: due tomorrow, nothing to tell.
    expect((await admin.post(`/api/admin/support-tickets/${late.id}/assign`, { assignee_id: adminId })).status).toBe(200);
    expect((await admin.post(`/api/admin/support-tickets/${late.id}/priority`, { priority: 'low' })).status).toBe(200);
    await runSla();
    expect(await overdueNotices(adminId, late.number)).toHaveLength(1);
    // High (4 hours) puts the due time in the past again: the assignee is told once more.
    expect((await admin.post(`/api/admin/support-tickets/${late.id}/priority`, { priority: 'high' })).status).toBe(200);
    await runSla();
    await runSla();
    expect(await overdueNotices(adminId, late.number)).toHaveLength(2);
  });

  it('leaves tickets that are not open alone', async () => {
    const rider = await newUser(server, 'Rita Resolved');
    const t = (await open(rider.client, { category: 'other', message: 'Already handled' })).body.ticket;
    expect((await admin.post(`/api/admin/support-tickets/${t.id}/resolve`, {})).status).toBe(200);
    await db()
      .updateTable('support_tickets')
      .set({ sla_due_at: new Date(Date.now() - 3_600_000) })
      .where('id', '=', t.id)
      .execute();
    await runSla();
    expect(await overdueNotices(adminId, t.number)).toEqual([]);
  });
});

describe('the support-auto-close job', () => {
  const resolvedDaysAgo = async (s: Pick<TestServer, 'services'>, id: string, days: number) =>
    s.services.db
      .updateTable('support_tickets')
      .set({ status: 'resolved', resolved_at: new Date(Date.now() - days * 86_400_000) })
      .where('id', '=', id)
      .execute();
  const statusOf = async (s: Pick<TestServer, 'services'>, id: string) =>
    s.services.db.selectFrom('support_tickets').select(['status', 'closed_at']).where('id', '=', id).executeTakeFirstOrThrow();

  it('closes tickets resolved 7 days ago without a reply, once; a newer one stays resolved', async () => {
    const rider = await newUser(server, 'Cleo Closed');
    const old = (await open(rider.client, { category: 'other', message: 'Old one' })).body.ticket.id as string;
    const recent = (await open(rider.client, { category: 'other', message: 'Recent one' })).body.ticket.id as string;
    await resolvedDaysAgo(server, old, 8);
    await resolvedDaysAgo(server, recent, 6);
    await server.services.jobs.send('support-auto-close', {});
    await server.services.jobs.idle(['support-auto-close']);
    const first = await statusOf(server, old);
    expect(first.status).toBe('closed');
    expect((await statusOf(server, recent)).status).toBe('resolved');
    await server.services.jobs.send('support-auto-close', {});
    await server.services.jobs.idle(['support-auto-close']);
    expect(await statusOf(server, old)).toEqual(first);
    // Closed: no more replies; the rating is still possible.
    expect((await rider.client.post(`/api/support/tickets/${old}/messages`, { body: 'One more thing' })).status).toBe(409);
    expect((await rider.client.post(`/api/support/tickets/${old}/rating`, { rating: 3 })).status).toBe(200);
  });

  it.runIf(scaled)(
    'runs once across two server processes on one PostgreSQL',
    async () => {
      const database = await createTestDatabase();
      cleanups.push(() => database.drop());
      const a = await startServerOn(database, ADMIN_ENV, { dispatchTick: false });
      cleanups.push(() => a.stop());
      const b = await spawnServer({
        ...ADMIN_ENV,
        DATABASE_URL: database.env.DATABASE_URL!,
        DATA_DIR: database.env.DATA_DIR,
        ...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL, REDIS_PREFIX: testRedisPrefix() } : {}),
      });
      cleanups.push(() => b.stop());
      const rider = await newUser(a, 'Twin Process');
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) ids.push((await open(rider.client, { category: 'other', message: `Ticket ${i}` })).body.ticket.id);
      for (const id of ids) await resolvedDaysAgo(a, id, 8);
      await Promise.all(Array.from({ length: 6 }, () => a.services.jobs.send('support-auto-close', {})));
      await a.services.jobs.idle(['support-auto-close']);
      const ran = await sql<{ n: number }>`select count(*)::int as n from pgboss.job where name = 'support-auto-close' and state = 'completed'`.execute(
        a.services.db,
      );
      expect(ran.rows[0]!.n).toBeGreaterThanOrEqual(3);
      const rows = await a.services.db.selectFrom('support_tickets').select(['status', 'closed_at', 'updated_at']).where('id', 'in', ids).execute();
      // Every ticket closed, each by one run: the update is conditional on 'resolved', so a later run (either
      // process) matches nothing and leaves closed_at and updated_at as the closing run set them.
      expect(rows.map((r) => r.status)).toEqual(['closed', 'closed', 'closed']);
      for (const r of rows) expect(new Date(r.updated_at).getTime()).toBe(new Date(r.closed_at!).getTime());
      await a.services.jobs.send('support-auto-close', {});
      await a.services.jobs.idle(['support-auto-close']);
      const again = await a.services.db.selectFrom('support_tickets').select(['id', 'closed_at']).where('id', 'in', ids).execute();
      expect(again.map((r) => String(r.closed_at)).sort()).toEqual(rows.map((r) => String(r.closed_at)).sort());
    },
    120_000,
  );
});
