// The permission matrix (issue 29 §2, decision 0089), tested from the refused side: every console route of the
// contract, called by a staff member of each role and by a signed-in non-staff user. A role without the route's
// permission is answered 403 STAFF_PERMISSION_REQUIRED and nothing happens; a role with it passes the gate (its
// answer is the route's own: 400 for the empty body, 404 for the made-up id, 200 for a list). A person who is
// not staff reads 403 FORBIDDEN.
import { PERMISSIONS, ROLE_PERMISSIONS, STAFF_ROLES, type StaffRole } from '@openride/shared/admin/permissions';
import { API_ROUTES } from '@openride/shared/api';
import type { RouteContract } from '@openride/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './http-client';
import { ADMIN_ENV, adminOf, approvedDriverOf, FERRY_BUILDING, GOLDEN_GATE_PARK, newUser, serveTheWholeBay } from './ride-actors';
import { startTestServer, type TestServer } from './test-server';
import { grantStaff } from '../src/roles/staff.repo';
import { backfillAuditCities } from '../src/db/migrations/0050-audit-city';

const consoleRoutes = (API_ROUTES as readonly RouteContract[]).filter((r) => r.auth === 'admin');
/** A made-up id for each path parameter: a uuid nobody holds (a city id is text, the same uuid serves). */
const ID = '00000000-0000-4000-8000-000000000000';
const urlOf = (route: RouteContract) => route.path.replace(/:[A-Za-z]+/g, ID);

let server: TestServer;
const staff = new Map<StaffRole, TestClient>();
let outsider: TestClient;
beforeAll(async () => {
  server = await startTestServer(ADMIN_ENV);
  staff.set('owner', await adminOf(server));
  for (const role of STAFF_ROLES.filter((r) => r !== 'owner')) {
    const { client, id } = await newUser(server, `Staff ${role}`);
    await server.services.db.transaction().execute((trx) => grantStaff(trx, { userId: id, role, cityIds: null, invitedBy: null }));
    staff.set(role, client);
  }
  outsider = (await newUser(server, 'Not Staff')).client;
});
afterAll(() => server?.stop());

const call = (client: TestClient, route: RouteContract) =>
  client.request(urlOf(route), { method: route.method, ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { json: {} }) });

describe('staff permissions', () => {
  it('every console route names a permission, and every permission guards a route', () => {
    expect(consoleRoutes.length).toBeGreaterThan(100);
    for (const route of consoleRoutes) expect(PERMISSIONS, `${route.method} ${route.path}`).toContain(route.permission);
    const used = new Set(consoleRoutes.map((r) => r.permission));
    expect(PERMISSIONS.filter((p) => !used.has(p))).toEqual([]);
    // The owner may do everything; every other role may open the console and not manage staff.
    expect([...ROLE_PERMISSIONS.owner].sort()).toEqual([...PERMISSIONS].sort());
    for (const role of STAFF_ROLES.filter((r) => r !== 'owner')) {
      expect(ROLE_PERMISSIONS[role]).toContain('console.open');
      expect(ROLE_PERMISSIONS[role]).not.toContain('staff.manage');
    }
  });

  it('/api/me tells each staff member their role and permissions, and a non-staff user nothing', async () => {
    for (const [role, client] of staff) {
      const me = (await client.get('/api/me')).body;
      expect(me.staff).toEqual({ role, permissions: [...ROLE_PERMISSIONS[role]], city_ids: null, second_factor: null });
    }
    expect((await outsider.get('/api/me')).body.staff).toBeUndefined();
  });

  it.each(STAFF_ROLES)('%s: refused with STAFF_PERMISSION_REQUIRED exactly where the role lacks the permission', async (role) => {
    const client = staff.get(role)!;
    const wrong: string[] = [];
    for (const route of consoleRoutes) {
      const res = await call(client, route);
      const refused = res.status === 403 && res.body?.error?.code === 'STAFF_PERMISSION_REQUIRED';
      const may = ROLE_PERMISSIONS[role].includes(route.permission!);
      if (refused === may) wrong.push(`${route.method} ${route.path} (${route.permission}): ${res.status} ${res.body?.error?.code ?? ''}`);
    }
    expect(wrong).toEqual([]);
  });

  it('a signed-in user who is not staff is refused every console route (403 FORBIDDEN)', async () => {
    const wrong: string[] = [];
    for (const route of consoleRoutes) {
      const res = await call(outsider, route);
      if (res.status !== 403 || res.body?.error?.code !== 'FORBIDDEN') wrong.push(`${route.method} ${route.path}: ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('a refused write changes nothing: support cannot publish a fare policy', async () => {
    const support = staff.get('support')!;
    const owner = staff.get('owner')!;
    const before = await owner.get('/api/admin/pricing/sf');
    expect(before.status).toBe(200);
    const res = await support.post('/api/admin/pricing/sf/policies', { ride_type: 'economy', base_fare_cents: 1 });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('STAFF_PERMISSION_REQUIRED');
    expect((await owner.get('/api/admin/pricing/sf')).body).toEqual(before.body);
  });
});

/** The link's token in the newest email to `email` (the dev outbox). */
const tokenIn = async (email: string) => {
  const row = await server.services.db.selectFrom('dev_outbox').select('body').where('to', '=', email).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
  return decodeURIComponent(/staff-invitation\?token=(\S+)/.exec(row.body)![1]!);
};
const auditOf = (entityId: string) =>
  server.services.db
    .selectFrom('audit_log')
    .select(['action', 'actor_id', 'before', 'after'])
    .where('entity_id', '=', entityId)
    .orderBy('created_at')
    .execute();

describe('staff management', () => {
  it('an owner invites by email with a role and cities; the invitee accepts with that account and works in those cities only', async () => {
    const owner = staff.get('owner')!;
    const agent = await newUser(server, 'Sam Support');
    const email = (await agent.client.get('/api/me')).body.user.email as string;

    // Bad input and unknown cities change nothing.
    expect((await owner.post('/api/admin/staff/invitations', { email: 'not-an-email', role: 'support', city_ids: null })).status).toBe(400);
    expect((await owner.post('/api/admin/staff/invitations', { email, role: 'janitor', city_ids: null })).status).toBe(400);
    const unknown = await owner.post('/api/admin/staff/invitations', { email, role: 'support', city_ids: ['atlantis'] });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.message).toContain('atlantis');
    // Only an owner invites.
    const byOps = await staff.get('operations')!.post('/api/admin/staff/invitations', { email, role: 'owner', city_ids: null });
    expect(byOps.body.error.code).toBe('STAFF_PERMISSION_REQUIRED');
    expect((await owner.get('/api/admin/staff')).body.invitations.filter((i: { email: string }) => i.email === email)).toEqual([]);

    const first = await owner.post('/api/admin/staff/invitations', { email: email.toUpperCase(), role: 'support', city_ids: ['sf'] });
    expect(first.status).toBe(201);
    const firstToken = await tokenIn(email);
    // Inviting again replaces the link: the first one stops working.
    const invited = await owner.post('/api/admin/staff/invitations', { email, role: 'support', city_ids: ['sf'] });
    expect(invited.body.invitation).toMatchObject({ email, role: 'support', city_ids: ['sf'], status: 'pending', expired: false });
    const token = await tokenIn(email);
    expect(token).not.toBe(firstToken);
    expect((await agent.client.post('/api/staff-invitations/accept', { token: firstToken })).body.error.code).toBe('INVITATION_INVALID');

    // Another account holding the link is refused.
    const stranger = await newUser(server, 'Not Invited');
    expect((await stranger.client.post('/api/staff-invitations/accept', { token })).body.error.code).toBe('INVITATION_WRONG_ACCOUNT');
    expect((await stranger.client.get('/api/me')).body.staff).toBeUndefined();

    const accepted = await agent.client.post('/api/staff-invitations/accept', { token });
    expect(accepted.status).toBe(200);
    expect(accepted.body.member).toMatchObject({ user_id: agent.id, email, role: 'support', city_ids: ['sf'] });
    expect((await agent.client.post('/api/staff-invitations/accept', { token })).body.error.code).toBe('INVITATION_USED');
    const me = (await agent.client.get('/api/me')).body;
    expect(me.isAdmin).toBe(true);
    expect(me.staff).toEqual({ role: 'support', permissions: [...ROLE_PERMISSIONS.support], city_ids: ['sf'], second_factor: null });
    expect((await agent.client.get('/api/admin/support-tickets')).status).toBe(200);
    expect((await agent.client.get('/api/admin/finance/dashboard')).body.error.code).toBe('STAFF_PERMISSION_REQUIRED');

    // The owner sees them; a second invitation to a member is refused.
    const list = (await owner.get('/api/admin/staff')).body;
    expect(list.members.find((m: { user_id: string }) => m.user_id === agent.id)).toMatchObject({ role: 'support', city_ids: ['sf'] });
    expect(list.members[0].role).toBe('owner');
    expect((await owner.post('/api/admin/staff/invitations', { email, role: 'finance', city_ids: null })).body.error.code).toBe('ALREADY_STAFF');

    // A role change applies to the next request; removal ends the console.
    const changed = await owner.patch(`/api/admin/staff/${agent.id}`, { role: 'finance', city_ids: null });
    expect(changed.body.member).toMatchObject({ role: 'finance', city_ids: null });
    expect((await agent.client.get('/api/admin/finance/dashboard?city=sf')).body.error?.code).not.toBe('STAFF_PERMISSION_REQUIRED');
    expect((await agent.client.get('/api/admin/support-tickets')).body.error.code).toBe('STAFF_PERMISSION_REQUIRED');
    expect((await owner.delete(`/api/admin/staff/${agent.id}`)).status).toBe(204);
    expect((await agent.client.get('/api/admin/path')).body.error.code).toBe('FORBIDDEN');
    expect((await agent.client.get('/api/me')).body).toMatchObject({ isAdmin: false });
    expect((await owner.delete(`/api/admin/staff/${agent.id}`)).status).toBe(404);

    // Every change is in the audit log, by whom.
    const ownerId = (await owner.get('/api/me')).body.user.id as string;
    expect((await auditOf(agent.id)).map((a) => [a.action, a.actor_id])).toEqual([
      ['staff.join', agent.id],
      ['staff.update', ownerId],
      ['staff.remove', ownerId],
    ]);
    expect((await auditOf(invited.body.invitation.id)).map((a) => a.action)).toEqual(['staff.invite']);
  });

  it('an owner revokes a pending invitation: its link is dead; an accepted one cannot be revoked', async () => {
    const owner = staff.get('owner')!;
    const invitee = await newUser(server, 'Rita Revoked');
    const email = (await invitee.client.get('/api/me')).body.user.email as string;
    const { invitation } = (await owner.post('/api/admin/staff/invitations', { email, role: 'marketing', city_ids: null })).body;
    const token = await tokenIn(email);
    expect((await staff.get('finance')!.delete(`/api/admin/staff/invitations/${invitation.id}`)).body.error.code).toBe('STAFF_PERMISSION_REQUIRED');
    expect((await owner.delete(`/api/admin/staff/invitations/${invitation.id}`)).status).toBe(204);
    expect((await owner.get('/api/admin/staff')).body.invitations.some((i: { id: string }) => i.id === invitation.id)).toBe(false);
    expect((await invitee.client.post('/api/staff-invitations/accept', { token })).body.error.code).toBe('INVITATION_INVALID');
    expect((await invitee.client.get('/api/me')).body.staff).toBeUndefined();

    // Invited again and accepted: that invitation can no longer be revoked.
    const again = (await owner.post('/api/admin/staff/invitations', { email, role: 'marketing', city_ids: null })).body.invitation;
    expect((await invitee.client.post('/api/staff-invitations/accept', { token: await tokenIn(email) })).status).toBe(200);
    const late = await owner.delete(`/api/admin/staff/invitations/${again.id}`);
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('INVITATION_USED');
    expect((await invitee.client.get('/api/me')).body.staff.role).toBe('marketing');
  });

  it('the last owner cannot be demoted or removed; with a second owner, one may step down', async () => {
    const owner = staff.get('owner')!;
    const ownerId = (await owner.get('/api/me')).body.user.id as string;
    const demote = await owner.patch(`/api/admin/staff/${ownerId}`, { role: 'support', city_ids: null });
    expect(demote.status).toBe(409);
    expect(demote.body.error.code).toBe('LAST_OWNER');
    expect((await owner.delete(`/api/admin/staff/${ownerId}`)).body.error.code).toBe('LAST_OWNER');
    expect((await owner.get('/api/me')).body.staff.role).toBe('owner');

    const second = await newUser(server, 'Olive Owner');
    await server.services.db.transaction().execute((trx) => grantStaff(trx, { userId: second.id, role: 'owner', cityIds: null, invitedBy: null }));
    // Both at once step down: the owners' rows are locked, so exactly one succeeds.
    const [a, b] = await Promise.all([
      owner.patch(`/api/admin/staff/${second.id}`, { role: 'finance', city_ids: null }),
      second.client.patch(`/api/admin/staff/${ownerId}`, { role: 'finance', city_ids: null }),
    ]);
    // The loser reads LAST_OWNER, or (when the winner's change committed first) that it is no longer an owner.
    const codes = [a, b].map((r) => (r.status === 200 ? 'ok' : r.body.error.code));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(1);
    expect(['LAST_OWNER', 'STAFF_PERMISSION_REQUIRED']).toContain(codes.find((c) => c !== 'ok'));
    const owners = (await server.services.db.selectFrom('staff_members').select('user_id').where('role', '=', 'owner').execute()).map((r) => r.user_id);
    expect(owners).toHaveLength(1);
    // Put things back for the other tests: the admin is the owner again.
    if (owners[0] !== ownerId) {
      expect((await second.client.patch(`/api/admin/staff/${ownerId}`, { role: 'owner', city_ids: null })).status).toBe(200);
    }
  });
});

describe('city scope (issue 29 §3, decision 0091)', () => {
  it('a Madrid-scoped operator sees no San Francisco ride, driver or price, by list, by id or by name; an all-city one does', async () => {
    const owner = staff.get('owner')!;
    await serveTheWholeBay(server);
    const madrid = await owner.post('/api/admin/cities', {
      id: 'madrid-scope',
      name: 'Madrid',
      currency: 'EUR',
      timezone: 'Europe/Madrid',
      center_lat: 40.4168,
      center_lng: -3.7038,
    });
    expect(madrid.status).toBe(201);
    const mad = await newUser(server, 'Marta Madrid');
    await server.services.db
      .transaction()
      .execute((trx) => grantStaff(trx, { userId: mad.id, role: 'operations', cityIds: ['madrid-scope'], invitedBy: null }));
    const everywhere = staff.get('operations')!;

    // An SF ride and an SF driver.
    const rider = await newUser(server, 'Sam Francisco');
    const booked = await rider.client.post('/api/rides', {
      pickup: FERRY_BUILDING,
      destination: GOLDEN_GATE_PARK,
      ride_type: 'economy',
      payment_method: 'cash',
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const rideId = booked.body.ride.id as string;
    const driver = await approvedDriverOf(server, owner, 'Frisco Driver');

    // Their city pickers offer Madrid only.
    expect((await mad.client.get('/api/admin/cities')).body.items.map((c: { id: string }) => c.id)).toEqual(['madrid-scope']);
    expect((await everywhere.get('/api/admin/cities')).body.items.map((c: { id: string }) => c.id)).toContain('sf');

    // Lists: nothing of San Francisco; asking for it by name is a city nobody has.
    const ridesOf = async (client: TestClient, q = '') => (await client.get(`/api/admin/rides${q}`)).body.items.map((r: { id: string }) => r.id);
    expect(await ridesOf(mad.client)).not.toContain(rideId);
    expect(await ridesOf(everywhere)).toContain(rideId);
    expect(await ridesOf(everywhere, '?city=sf')).toContain(rideId);
    expect(await ridesOf(everywhere, '?city=madrid-scope')).not.toContain(rideId);
    expect((await mad.client.get('/api/admin/rides?city=sf')).status).toBe(404);
    const driversOf = async (client: TestClient) => (await client.get('/api/admin/drivers?status=all')).body.items.map((d: { id: string }) => d.id);
    expect(await driversOf(mad.client)).not.toContain(driver.driverId);
    expect(await driversOf(everywhere)).toContain(driver.driverId);

    // By id: 404, as for an id nobody holds, and nothing changes.
    for (const [path, body] of [
      [`/api/admin/rides/${rideId}`, undefined],
      [`/api/admin/rides/${rideId}/cancel`, { reason: 'Not yours' }],
      [`/api/admin/drivers/${driver.driverId}`, undefined],
      [`/api/admin/drivers/${driver.driverId}/suspend`, { reason: 'Not yours' }],
      ['/api/admin/pricing/sf', undefined],
      ['/api/admin/vehicle-rules/sf', undefined],
    ] as const) {
      const res = body ? await mad.client.post(path, body) : await mad.client.get(path);
      expect(res.status, path).toBe(404);
    }
    expect((await everywhere.get(`/api/admin/rides/${rideId}`)).body.ride.status).not.toBe('cancelled');
    expect((await everywhere.get(`/api/admin/drivers/${driver.driverId}`)).status).toBe(200);
    expect((await mad.client.get('/api/admin/pricing/madrid-scope')).status).not.toBe(404);
    // A ticket about the San Francisco ride: in the all-city queue, not in Madrid's, and 404 by id there.
    const ticket = await rider.client.post('/api/support/tickets', { category: 'other', message: 'About my ride', ride_id: rideId });
    expect(ticket.status, JSON.stringify(ticket.body)).toBe(201);
    const ticketsOf = async (client: TestClient) => (await client.get('/api/admin/support-tickets')).body.items.map((t: { id: string }) => t.id);
    expect(await ticketsOf(everywhere)).toContain(ticket.body.ticket.id);
    expect(await ticketsOf(mad.client)).not.toContain(ticket.body.ticket.id);
    expect((await mad.client.get(`/api/admin/support-tickets/${ticket.body.ticket.id}`)).status).toBe(404);
    // The money and pricing lists too, for a Madrid-scoped owner (every permission, one city).
    const madOwner = await newUser(server, 'Mateo Madrid');
    await server.services.db
      .transaction()
      .execute((trx) => grantStaff(trx, { userId: madOwner.id, role: 'owner', cityIds: ['madrid-scope'], invitedBy: null }));
    const run = (await owner.post('/api/admin/payout-runs', { city_id: 'sf' })).body.run;
    const citiesIn = async (client: TestClient, path: string, key: string) =>
      new Set((await client.get(path)).body[key].map((row: { city_id: string }) => row.city_id));
    expect(await citiesIn(owner, '/api/admin/cancellation-policies', 'policies')).toContain('sf');
    expect([...(await citiesIn(madOwner.client, '/api/admin/cancellation-policies', 'policies'))].filter((c) => c !== 'madrid-scope')).toEqual([]);
    expect((await owner.get('/api/admin/payout-runs')).body.runs.map((r: { id: string }) => r.id)).toContain(run.id);
    expect((await madOwner.client.get('/api/admin/payout-runs')).body.runs.map((r: { id: string }) => r.id)).not.toContain(run.id);
    expect((await madOwner.client.get(`/api/admin/payout-runs/${run.id}`)).status).toBe(404);
    // The compliance queues: the SF driver's car is in the all-city queue only.
    const carsOf = async (client: TestClient) => (await client.get('/api/admin/vehicles')).body.items.map((v: { driver_id: string }) => v.driver_id);
    expect(await carsOf(owner)).toContain(driver.driverId);
    expect(await carsOf(madOwner.client)).not.toContain(driver.driverId);
    // A city named in a body is checked too: no zone for San Francisco.
    expect((await mad.client.post('/api/admin/surge/freeze', { city_id: 'sf', frozen: true })).status).toBe(404);
  });

  it("the audit log: a Madrid-scoped member reads Madrid's entries and those of no city, never San Francisco's; ?city= follows the console", async () => {
    const owner = staff.get('owner')!;
    // A Madrid entry (city.create: the city's own record), a San Francisco one (a driver's suspension, the
    // driver's city read in the change's transaction) and one of no city (an FAQ entry).
    const madrid = await owner.post('/api/admin/cities', {
      id: 'madrid-audit',
      name: 'Madrid (audit)',
      currency: 'EUR',
      timezone: 'Europe/Madrid',
      center_lat: 40.4168,
      center_lng: -3.7038,
    });
    expect(madrid.status).toBe(201);
    const driver = await approvedDriverOf(server, owner, 'Audited Frisco');
    expect((await owner.post(`/api/admin/drivers/${driver.driverId}/suspend`, { reason: 'Audit scope' })).status).toBe(200);
    const faq = await owner.post('/api/admin/faq', { topic: 'account', question: 'Who sees the audit log?', answer: 'Staff with the audit permission.' });
    expect(faq.status).toBe(201);
    const faqId = faq.body.entry.id as string;
    const cities = await server.services.db
      .selectFrom('audit_log')
      .select(['entity_id', 'city_id'])
      .where('entity_id', 'in', ['madrid-audit', driver.driverId, faqId])
      .where('action', 'in', ['city.create', 'driver.suspend', 'faq.create'])
      .execute();
    expect(Object.fromEntries(cities.map((c) => [c.entity_id, c.city_id]))).toEqual({ 'madrid-audit': 'madrid-audit', [driver.driverId]: 'sf', [faqId]: null });

    const madOwner = await newUser(server, 'Mercedes Madrid');
    await server.services.db
      .transaction()
      .execute((trx) => grantStaff(trx, { userId: madOwner.id, role: 'owner', cityIds: ['madrid-audit'], invitedBy: null }));
    const entriesOf = async (client: TestClient, q = '') => {
      const res = await client.get(`/api/admin/audit-log?limit=100${q}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.items as { action: string; entity_id: string }[]).map((e) => `${e.action} ${e.entity_id}`);
    };
    const ofMadrid = 'city.create madrid-audit';
    const ofSf = `driver.suspend ${driver.driverId}`;
    const ofNone = `faq.create ${faqId}`;

    const scoped = await entriesOf(madOwner.client);
    expect(scoped).toContain(ofMadrid);
    expect(scoped).toContain(ofNone);
    expect(scoped).not.toContain(ofSf);
    expect(scoped.some((e) => e.endsWith(driver.driverId))).toBe(false);
    expect(await entriesOf(madOwner.client, '&city=madrid-audit')).toEqual(scoped);
    expect((await madOwner.client.get('/api/admin/audit-log?city=sf')).status).toBe(404);
    // The export is the same list.
    const csv = await madOwner.client.get('/api/admin/audit-log?format=csv');
    expect(csv.status).toBe(200);
    expect(csv.body).toContain(faqId);
    expect(csv.body).not.toContain(driver.driverId);

    // An all-city owner: everything; with the console on Madrid, Madrid's and no city's.
    const all = await entriesOf(owner);
    for (const entry of [ofMadrid, ofSf, ofNone]) expect(all).toContain(entry);
    const onMadrid = await entriesOf(owner, '&city=madrid-audit');
    expect(onMadrid).toContain(ofMadrid);
    expect(onMadrid).toContain(ofNone);
    expect(onMadrid).not.toContain(ofSf);
    const onSf = await entriesOf(owner, '&city=sf');
    expect(onSf).toContain(ofSf);
    expect(onSf).toContain(ofNone);
    expect(onSf).not.toContain(ofMadrid);
  });

  it("migration 0050's backfill gives an entry written before the column its record's city, and a deleted zone's its own", async () => {
    const { db } = server.services;
    const owner = staff.get('owner')!;
    const driver = await approvedDriverOf(server, owner, 'Backfilled Frisco');
    const deletedZone = '00000000-0000-4000-8000-0000000000a5';
    const rows = await db
      .insertInto('audit_log')
      .values([
        { actor_id: 'backfill', action: 'driver.suspend', entity_type: 'driver', entity_id: driver.driverId, before: null, after: null },
        { actor_id: 'backfill', action: 'zone.delete', entity_type: 'zone', entity_id: deletedZone, before: JSON.stringify({ city_id: 'sf' }), after: null },
        {
          actor_id: 'backfill',
          action: 'faq.delete',
          entity_type: 'faq_entry',
          entity_id: deletedZone,
          before: JSON.stringify({ city_id: 'sf' }),
          after: null,
        },
        { actor_id: 'backfill', action: 'ride.cancel', entity_type: 'ride', entity_id: 'not-a-uuid', before: null, after: null },
      ])
      .returning(['id', 'entity_type'])
      .execute();
    await backfillAuditCities(db);
    const after = await db
      .selectFrom('audit_log')
      .select(['entity_type', 'city_id'])
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    expect(Object.fromEntries(after.map((r) => [r.entity_type, r.city_id]))).toEqual({ driver: 'sf', zone: 'sf', faq_entry: null, ride: null });
    await db.deleteFrom('audit_log').where('actor_id', '=', 'backfill').execute();
  });
});

describe('separation of duties (issue 29 §5, decision 0092)', () => {
  it('off by default; an owner turns it on and the finance member who prepared a payout run cannot approve it, another can', async () => {
    const owner = staff.get('owner')!;
    const finance = staff.get('finance')!;
    expect((await owner.get('/api/admin/staff-duties')).body.duties).toEqual({ payout_runs: false, refunds_above: {} });
    expect((await finance.put('/api/admin/staff-duties', { payout_runs: true })).body.error.code).toBe('STAFF_PERMISSION_REQUIRED');
    expect((await owner.put('/api/admin/staff-duties', { payout_runs: 'yes' })).status).toBe(400);

    // Off: who prepared it may approve it.
    const first = (await finance.post('/api/admin/payout-runs', { city_id: 'sf' })).body.run;
    expect((await finance.post(`/api/admin/payout-runs/${first.id}/approve`, {})).status).toBe(200);

    expect((await owner.put('/api/admin/staff-duties', { payout_runs: true })).body.duties).toEqual({ payout_runs: true, refunds_above: {} });
    const run = (await finance.post('/api/admin/payout-runs', { city_id: 'sf' })).body.run;
    const refused = await finance.post(`/api/admin/payout-runs/${run.id}/approve`, {});
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('SEPARATION_OF_DUTIES');
    expect((await owner.get(`/api/admin/payout-runs/${run.id}`)).body.run.status).toBe('preview');
    const approved = await owner.post(`/api/admin/payout-runs/${run.id}/approve`, {});
    expect(approved.status).toBe(200);
    expect(approved.body.run.status).not.toBe('preview');

    const ownerId = (await owner.get('/api/me')).body.user.id as string;
    const audit = await server.services.db.selectFrom('audit_log').select(['action', 'actor_id', 'after']).where('action', '=', 'staff.duties').execute();
    expect(audit.map((a) => [a.actor_id, a.after])).toEqual([[ownerId, { payout_runs: true, refunds_above: {} }]]);
    expect((await owner.put('/api/admin/staff-duties', { payout_runs: false })).status).toBe(200);
  });
});
