import { ADMINS_CHANNEL, rideChannel } from '@openride/shared/realtime';
import { sosText } from '@openride/shared/safety/sos-text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './http-client';
import { adminOf, ADMIN_ENV, approvedDriverOf, FERRY_BUILDING, newUser, nextOffer, north, type OnlineDriver, onlineDriver, UNION_SQUARE } from './ride-actors';
import { openSocket } from './socket-client';
import { startTestServer, type TestServer } from './test-server';

/**
 * SOS (issue 15, decision 0061): the ride's rider or driver raises it during the ride; operators hear it on the
 * `admins` room, an urgent Safety ticket opens, each emergency contact of the presser gets one text with the
 * live share link (through the outbox), a second press sends nothing; an operator resolves it (ride event,
 * audit, `safety.sos_changed`). Every refusal from the side refused.
 */
let server: TestServer;
let admin: TestClient;
let driver: OnlineDriver;
const sockets: Array<{ close(): void }> = [];

beforeAll(async () => {
  server = await startTestServer(ADMIN_ENV);
  admin = await adminOf(server);
  driver = await onlineDriver(server, admin, north(UNION_SQUARE, 300), 'Sam Sosdriver');
});
afterAll(async () => {
  for (const s of sockets) s.close();
  driver?.socket.close();
  await server?.stop();
});

const db = () => server.services.db;
type Ride = { id: string; pin: string; share_token: string };

/** A new rider whose ride the driver accepted (status accepted: SOS is open). */
async function acceptedRide(riderName = 'Rhea Rider') {
  const rider = await newUser(server, riderName);
  await driver.locate(north(UNION_SQUARE, 300));
  const booked = await rider.client.post('/api/rides', { pickup: UNION_SQUARE, destination: FERRY_BUILDING, ride_type: 'economy', payment_method: 'cash' });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  const ride = booked.body.ride as Ride;
  await nextOffer(driver, ride.id);
  expect((await driver.client.post(`/api/rides/${ride.id}/accept`, {})).status).toBe(200);
  return { rider, ride };
}

async function finish(ride: Ride) {
  expect((await driver.client.post(`/api/rides/${ride.id}/arrive`, {})).status).toBe(200);
  expect((await driver.client.post(`/api/rides/${ride.id}/start`, { pin: ride.pin })).status).toBe(200);
  expect((await driver.client.post(`/api/rides/${ride.id}/complete`, {})).status).toBe(200);
}

const count = async (table: 'sos_alerts' | 'support_tickets' | 'dev_outbox') =>
  Number(
    (
      await db()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
/** Texts to these contacts, as typed in Account settings: sent to their E.164 form (a US number +1 and its digits). */
const smsTo = (phones: string[]) => db().selectFrom('dev_outbox').select(['to', 'body', 'channel']).where('to', 'in', phones.map(e164)).execute();
const e164 = (phone: string) => `${phone.startsWith('+') ? '+' : '+1'}${phone.replace(/\D/g, '')}`;

async function socketOf(client: TestClient) {
  const s = await openSocket(client, server.url);
  sockets.push(s);
  return s;
}
async function trySubscribe(client: TestClient, channel: string) {
  const s = await socketOf(client);
  s.send({ type: 'subscribe', channel });
  return s.next((f) => (f.type === 'subscribed' && f.channel === channel) || (f.type === 'error' && f.message.includes(channel)));
}

describe('who may press SOS, and when', () => {
  it('refuses a visitor, another rider, another driver and a finished ride; nothing is written', async () => {
    const { rider, ride } = await acceptedRide('Rita Refused');
    const before = await count('sos_alerts');

    const visitor = await fetch(new URL(`/api/rides/${ride.id}/sos`, server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: '{}',
    });
    expect(visitor.status).toBe(401);
    const stranger = await newUser(server, 'Otto Other');
    const other = await stranger.client.post(`/api/rides/${ride.id}/sos`, {});
    expect(other.status).toBe(404);
    expect((await stranger.client.get(`/api/rides/${ride.id}/sos`)).status).toBe(404);
    const otherDriver = await approvedDriverOf(server, admin, 'Olga Otherdriver');
    expect((await otherDriver.client.post(`/api/rides/${ride.id}/sos`, {})).status).toBe(404);
    expect((await rider.client.post('/api/rides/not-a-ride/sos', {})).status).toBe(404);

    await finish(ride);
    const late = await rider.client.post(`/api/rides/${ride.id}/sos`, {});
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('SOS_RIDE_NOT_ACTIVE');
    expect((await driver.client.post(`/api/rides/${ride.id}/sos`, {})).body.error.code).toBe('SOS_RIDE_NOT_ACTIVE');
    expect(await count('sos_alerts')).toBe(before);
  });

  it('keeps the admin list, resolve and the admins room to admins; a stranger still cannot join a ride room', async () => {
    const { rider, ride } = await acceptedRide('Ruth Roomcheck');
    const user = await newUser(server, 'Nina Nonadmin');
    expect((await user.client.get('/api/admin/sos')).status).toBe(403);
    expect((await rider.client.get('/api/admin/sos')).status).toBe(403);
    expect((await user.client.post('/api/admin/sos/00000000-0000-4000-8000-000000000000/resolve', { note: 'x' })).status).toBe(403);

    expect(await trySubscribe(user.client, ADMINS_CHANNEL)).toMatchObject({ type: 'error', code: 'FORBIDDEN' });
    expect(await trySubscribe(driver.client, ADMINS_CHANNEL)).toMatchObject({ type: 'error', code: 'FORBIDDEN' });
    expect(await trySubscribe(user.client, rideChannel(ride.id))).toMatchObject({ type: 'error', code: 'FORBIDDEN' });
    // The ride's own people and admins may.
    expect(await trySubscribe(rider.client, rideChannel(ride.id))).toMatchObject({ type: 'subscribed' });
    expect(await trySubscribe(admin, rideChannel(ride.id))).toMatchObject({ type: 'subscribed' });
    expect(await trySubscribe(admin, ADMINS_CHANNEL)).toMatchObject({ type: 'subscribed' });
    await finish(ride);
  });
});

describe('an SOS fans out to operators and emergency contacts, once', () => {
  let rider: Awaited<ReturnType<typeof newUser>>;
  let ride: Ride;
  let alertId: string;
  let adminSocket: Awaited<ReturnType<typeof socketOf>>;
  let riderSocket: Awaited<ReturnType<typeof socketOf>>;
  // A US contact and a Spanish one (decision 0094): each is texted at its E.164 number.
  const phones = ['(415) 555-0181', '+34 612 34 56 81'];

  it('alerts the admins room, opens an urgent Safety ticket, texts each contact the live link', async () => {
    ({ rider, ride } = await acceptedRide('Sofia Sosrider'));
    for (const [i, phone] of phones.entries()) {
      expect((await rider.client.post('/api/account/emergency-contacts', { name: `Contact ${i + 1}`, phone, relationship: 'Friend' })).status).toBe(201);
    }
    const state = await rider.client.get(`/api/rides/${ride.id}/sos`);
    // San Francisco's number (migration 0040: 911 for cities in USD and CAD), not the deployment's 112.
    expect(state.body).toEqual({ alert: null, contacts: 2, emergency_number: '911' });
    await driver.locate(north(UNION_SQUARE, 200));

    adminSocket = await socketOf(admin);
    adminSocket.send({ type: 'subscribe', channel: ADMINS_CHANNEL });
    await adminSocket.next((f) => f.type === 'subscribed' && f.channel === ADMINS_CHANNEL);
    riderSocket = await socketOf(rider.client);
    const tickets = await count('support_tickets');

    const pressed = await rider.client.post(`/api/rides/${ride.id}/sos`, {});
    expect(pressed.status, JSON.stringify(pressed.body)).toBe(201);
    expect(pressed.body).toMatchObject({
      repeated: false,
      contacts_texted: 2,
      emergency_number: '911',
      alert: { ride_id: ride.id, role: 'rider', status: 'open' },
    });
    alertId = pressed.body.alert.id;

    // Operators hear it at once, with who, the ride and where the car is.
    const frame = await adminSocket.next((f) => f.type === 'event' && f.event === 'safety.sos');
    const alert = (frame as { data: { alert: Record<string, any> } }).data.alert;
    expect(alert).toMatchObject({
      id: alertId,
      status: 'open',
      role: 'rider',
      raised_by: { id: rider.id, name: 'Sofia Sosrider' },
      ride: { id: ride.id, status: 'accepted', driver: { name: 'Sam Sosdriver' } },
    });
    expect(alert.position).toMatchObject({ lat: expect.closeTo(north(UNION_SQUARE, 200).lat, 5), lng: expect.closeTo(UNION_SQUARE.lng, 5) });

    // The urgent Safety ticket about the ride, the presser its requester.
    expect(await count('support_tickets')).toBe(tickets + 1);
    const ticket = await db().selectFrom('support_tickets').selectAll().where('id', '=', alert.ticket.id).executeTakeFirstOrThrow();
    expect(ticket).toMatchObject({ category: 'safety', priority: 'urgent', status: 'open', ride_id: ride.id, requester_id: rider.id });
    // The ride's timeline has the moment; every admin has a safety notification.
    const events = await db().selectFrom('ride_events').select(['kind', 'actor']).where('ride_id', '=', ride.id).execute();
    expect(events).toEqual([{ kind: 'sos', actor: 'rider' }]);
    const adminId = (await admin.get('/api/me')).body.user.id;
    const notices = await db()
      .selectFrom('notifications')
      .select(['kind', 'title', 'link'])
      .where('user_id', '=', adminId)
      .where('kind', '=', 'safety')
      .execute();
    expect(notices).toContainEqual({ kind: 'safety', title: sosText.notice.title('Sofia Sosrider'), link: `/booking-management/${ride.id}` });

    // One text per contact, naming the rider, with the ride's live share link.
    await server.services.jobs.idle(['message-send']);
    const texts = await smsTo(phones);
    expect(texts.map((t) => t.to).sort()).toEqual(phones.map(e164).sort());
    for (const t of texts) {
      expect(t.channel).toBe('sms');
      expect(t.body).toContain('Sofia Sosrider');
      expect(t.body).toContain(`${server.services.publicUrl}/share/${ride.share_token}`);
    }
    // The share link it carries works for whoever opens it.
    expect((await server.client().get(`/api/share/${ride.share_token}`)).status).toBe(200);

    expect((await admin.get('/api/admin/sos')).body.alerts.map((a: { id: string }) => a.id)).toContain(alertId);
    expect((await rider.client.get(`/api/rides/${ride.id}/sos`)).body.alert).toMatchObject({ id: alertId, status: 'open' });
  });

  it('a second press answers the same alert and sends nothing new', async () => {
    const [alerts, tickets, outbox] = [await count('sos_alerts'), await count('support_tickets'), await count('dev_outbox')];
    const again = await Promise.all([rider.client.post(`/api/rides/${ride.id}/sos`, {}), rider.client.post(`/api/rides/${ride.id}/sos`, {})]);
    for (const res of again) {
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ repeated: true, contacts_texted: 0, alert: { id: alertId } });
    }
    await server.services.jobs.idle(['message-send']);
    expect([await count('sos_alerts'), await count('support_tickets'), await count('dev_outbox')]).toEqual([alerts, tickets, outbox]);
    expect(adminSocket.frames.filter((f) => f.type === 'event' && f.event === 'safety.sos')).toHaveLength(1);
  });

  it('the driver of the ride may raise one of their own', async () => {
    const res = await driver.client.post(`/api/rides/${ride.id}/sos`, {});
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ repeated: false, contacts_texted: 0, alert: { role: 'driver' } });
    const frame = await adminSocket.next(
      (f) => f.type === 'event' && f.event === 'safety.sos' && (f.data as { alert: { role: string } }).alert.role === 'driver',
    );
    expect((frame as { data: { alert: { raised_by: { name: string } } } }).data.alert.raised_by.name).toBe('Sam Sosdriver');
  });

  it('an operator resolves it with a note: ride event, audit, safety.sos_changed to admins and the presser', async () => {
    const empty = await admin.post(`/api/admin/sos/${alertId}/resolve`, { note: '  ' });
    expect(empty.status).toBe(400);
    expect((await db().selectFrom('sos_alerts').select('status').where('id', '=', alertId).executeTakeFirstOrThrow()).status).toBe('open');
    expect((await admin.post('/api/admin/sos/00000000-0000-4000-8000-000000000000/resolve', { note: 'Called her' })).status).toBe(404);

    const resolved = await admin.post(`/api/admin/sos/${alertId}/resolve`, { note: 'Called the rider: she is safe.' });
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
    expect(resolved.body.alert).toMatchObject({ id: alertId, status: 'resolved', note: 'Called the rider: she is safe.' });
    expect(resolved.body.alert.resolved_at).toEqual(expect.any(String));

    const change = { id: alertId, ride_id: ride.id, status: 'resolved' };
    expect(await adminSocket.next((f) => f.type === 'event' && f.event === 'safety.sos_changed')).toMatchObject({ channel: ADMINS_CHANNEL, data: change });
    expect(await riderSocket.next((f) => f.type === 'event' && f.event === 'safety.sos_changed')).toMatchObject({ data: change });

    const events = await db().selectFrom('ride_events').select(['kind', 'actor']).where('ride_id', '=', ride.id).orderBy('at').execute();
    expect(events.map((e) => `${e.kind}:${e.actor}`)).toEqual(['sos:rider', 'sos:driver', 'sos_resolved:operator']);
    const audit = await db().selectFrom('audit_log').select(['action', 'entity_type']).where('entity_id', '=', alertId).execute();
    expect(audit).toEqual([{ action: 'sos.resolve', entity_type: 'sos_alert' }]);
    // The operator's timeline reads both moments.
    const timeline = (await admin.get(`/api/admin/rides/${ride.id}`)).body;
    expect(JSON.stringify(timeline)).toContain('sos_resolved');

    const twice = await admin.post(`/api/admin/sos/${alertId}/resolve`, { note: 'again' });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('SOS_ALREADY_RESOLVED');
    const open = (await admin.get('/api/admin/sos')).body.alerts as Array<{ id: string }>;
    expect(open.map((a) => a.id)).not.toContain(alertId);
    expect((await rider.client.get(`/api/rides/${ride.id}/sos`)).body.alert).toBeNull();
    await finish(ride);
  });
});

describe('two presses at once', () => {
  it('make one alert, one ticket and one text: the ride lock serializes them', async () => {
    const { rider, ride } = await acceptedRide('Tess Twopress');
    const phone = '(415) 555-0183';
    expect((await rider.client.post('/api/account/emergency-contacts', { name: 'Only Contact', phone })).status).toBe(201);
    const [alerts, tickets] = [await count('sos_alerts'), await count('support_tickets')];
    const presses = await Promise.all([1, 2, 3].map(() => rider.client.post(`/api/rides/${ride.id}/sos`, {})));
    expect(presses.map((p) => p.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(presses.map((p) => p.body.alert.id)).size).toBe(1);
    await server.services.jobs.idle(['message-send']);
    expect([await count('sos_alerts'), await count('support_tickets')]).toEqual([alerts + 1, tickets + 1]);
    expect(await smsTo([phone])).toHaveLength(1);
    await finish(ride);
  });
});

describe("the number SOS offers to call is the city's", () => {
  it('an admin sets it per city (audited); bad input changes nothing; cleared, the deployment default applies', async () => {
    const { rider, ride } = await acceptedRide('Nina Number');
    const numberNow = async () => (await rider.client.get(`/api/rides/${ride.id}/sos`)).body.emergency_number;
    expect(await numberNow()).toBe('911');
    const bad = await admin.patch('/api/admin/cities/sf', { emergency_number: '9-1-1 please' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Emergency number is 2–15 digits');
    expect(await numberNow()).toBe('911');
    // Not an admin: refused, nothing changed.
    expect((await rider.client.patch('/api/admin/cities/sf', { emergency_number: '000' })).status).toBe(403);
    expect(await numberNow()).toBe('911');
    try {
      const cleared = await admin.patch('/api/admin/cities/sf', { emergency_number: '' });
      expect(cleared.status).toBe(200);
      expect(cleared.body.city.emergency_number).toBeNull();
      expect(await numberNow()).toBe('112');
      const audit = await db()
        .selectFrom('audit_log')
        .select(['before', 'after'])
        .where('action', '=', 'city.update')
        .where('entity_id', '=', 'sf')
        .orderBy('created_at', 'desc')
        .executeTakeFirstOrThrow();
      expect([audit.before, audit.after].map((j) => (typeof j === 'string' ? JSON.parse(j) : j))).toEqual([
        { emergency_number: '911' },
        { emergency_number: null },
      ]);
    } finally {
      expect((await admin.patch('/api/admin/cities/sf', { emergency_number: '911' })).status).toBe(200);
    }
    await finish(ride);
  });
});
