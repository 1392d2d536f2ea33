// The console's search (issue 29 §1): GET /api/admin/search finds each kind of record, only the kinds the
// caller's role may read (decision 0089), only in their cities (a record of no city is everyone's), and
// refuses a query of one character and anyone who is not staff.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchHit, SearchKind } from '@openride/shared/admin/search-api';
import type { StaffRole } from '@openride/shared/admin/permissions';
import type { TestClient } from './http-client';
import { ADMIN_ENV, adminOf, approvedDriverOf, FERRY_BUILDING, GOLDEN_GATE_PARK, newUser } from './ride-actors';
import { startTestServer, type TestServer } from './test-server';
import { grantStaff } from '../src/roles/staff.repo';

let server: TestServer;
let owner: TestClient;
/** The records every test searches for, made once. */
const made = {} as {
  rider: { id: string; email: string; phone: string };
  rideId: string;
  driver: { driverId: string };
  rideTicket: { id: string; number: string };
  looseTicket: { id: string };
  promoId: string;
  companyId: string;
};
const OTHER_CITY = 'search-elsewhere';
const PLATE = 'QZX 4417';
const PROMO = `SRCH${Date.now().toString(36).toUpperCase()}`.slice(0, 18);

const db = () => server.services.db;
const search = (client: TestClient, q: string) => client.get(`/api/admin/search?q=${encodeURIComponent(q)}`);
const hitsOf = async (client: TestClient, q: string, kind?: SearchKind) => {
  const res = await search(client, q);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.hits as SearchHit[]).filter((h) => !kind || h.kind === kind);
};
const idsOf = async (client: TestClient, q: string, kind: SearchKind) => (await hitsOf(client, q, kind)).map((h) => h.id);
async function staffMember(role: StaffRole, cityIds: string[] | null, name = `Staff ${role}`) {
  const { client, id } = await newUser(server, name);
  await db()
    .transaction()
    .execute((trx) => grantStaff(trx, { userId: id, role, cityIds, invitedBy: null }));
  return client;
}

beforeAll(async () => {
  server = await startTestServer(ADMIN_ENV);
  owner = await adminOf(server);

  // A rider with a ride in San Francisco, and two tickets: one about the ride, one about nothing.
  const rider = await newUser(server, 'Zephyrine Quillfeather');
  const profile = await db()
    .selectFrom('profiles')
    .innerJoin('user', 'user.id', 'profiles.id')
    .select(['user.email', 'profiles.phone'])
    .where('profiles.id', '=', rider.id)
    .executeTakeFirstOrThrow();
  made.rider = { id: rider.id, email: profile.email, phone: profile.phone! };
  const booked = await rider.client.post('/api/rides', { pickup: FERRY_BUILDING, destination: GOLDEN_GATE_PARK, ride_type: 'economy', payment_method: 'cash' });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  made.rideId = booked.body.ride.id;
  const rideTicket = await rider.client.post('/api/support/tickets', {
    category: 'other',
    message: 'Marmalade umbrella left behind\nOn the back seat.',
    ride_id: made.rideId,
  });
  expect(rideTicket.status, JSON.stringify(rideTicket.body)).toBe(201);
  made.rideTicket = { id: rideTicket.body.ticket.id, number: rideTicket.body.ticket.number };
  const looseTicket = await rider.client.post('/api/support/tickets', { category: 'account', message: 'Marmalade account question' });
  expect(looseTicket.status).toBe(201);
  made.looseTicket = { id: looseTicket.body.ticket.id };
  await rider.client.post(`/api/rides/${made.rideId}/cancel`, {});

  // A driver in San Francisco, with a plate.
  made.driver = await approvedDriverOf(server, owner, 'Bartholomew Cragsworth', PLATE);

  // A promo code and a company in San Francisco.
  const promo = await owner.post('/api/admin/promotions', {
    city_id: 'sf',
    code: PROMO,
    kind: 'amount',
    value: 300,
    valid_from: new Date(Date.now() - 3_600_000).toISOString(),
    status: 'active',
  });
  expect(promo.status, JSON.stringify(promo.body)).toBe(201);
  made.promoId = promo.body.promotion.id;
  const company = await owner.post('/api/admin/companies', {
    city_id: 'sf',
    name: 'Glimmerwick Holdings',
    billing_email: 'billing@glimmerwick.test',
    credit_limit_cents: 100_000,
    admin_email: made.rider.email,
  });
  expect(company.status, JSON.stringify(company.body)).toBe(201);
  made.companyId = company.body.company.id;

  // Another city, for a staff member who works there only.
  const city = await owner.post('/api/admin/cities', {
    id: OTHER_CITY,
    name: 'Elsewhere',
    currency: 'USD',
    timezone: 'America/Los_Angeles',
    center_lat: 37.8,
    center_lng: -122.27,
  });
  expect(city.status, JSON.stringify(city.body)).toBe(201);
});
afterAll(() => server?.stop());

describe('GET /api/admin/search', () => {
  it('finds each kind: a ride by id or prefix, a rider by name, email or phone, a driver by name or plate, a ticket, a promo code, a company', async () => {
    // A ride by its whole id, by its first eight characters, and with the dashes left out.
    for (const q of [made.rideId, made.rideId.slice(0, 8), made.rideId.replace(/-/g, '').slice(0, 12), made.rideId.toUpperCase()])
      expect(await idsOf(owner, q, 'ride'), q).toContain(made.rideId);
    const [ride] = await hitsOf(owner, made.rideId, 'ride');
    expect(ride).toMatchObject({ kind: 'ride', id: made.rideId, path: `/booking-management/${made.rideId}`, title: `Ride ${made.rideId.slice(0, 8)}` });
    expect(ride!.subtitle).toContain('Zephyrine Quillfeather');

    // A rider by name (any part, any case), email and phone, typed with punctuation too.
    const phone = made.rider.phone.replace(/\D/g, '');
    const punctuated = `(${phone.slice(-10, -7)}) ${phone.slice(-7, -4)}-${phone.slice(-4)}`;
    for (const q of ['zephyrine', 'Quillfeather', made.rider.email, made.rider.phone, punctuated])
      expect(await idsOf(owner, q, 'rider'), q).toEqual([made.rider.id]);
    const [rider] = await hitsOf(owner, 'Quillfeather', 'rider');
    expect(rider).toEqual({
      kind: 'rider',
      id: made.rider.id,
      title: 'Zephyrine Quillfeather',
      subtitle: expect.stringContaining(made.rider.email),
      path: `/customer-management/${made.rider.id}`,
    });

    // A driver by name and by plate, with or without its space; a driver is not a rider.
    for (const q of ['Cragsworth', 'qzx 4417', 'QZX4417', '4417']) expect(await idsOf(owner, q, 'driver'), q).toEqual([made.driver.driverId]);
    expect(await idsOf(owner, 'Cragsworth', 'rider')).toEqual([]);
    const [driver] = await hitsOf(owner, 'Cragsworth', 'driver');
    expect(driver).toMatchObject({ title: 'Bartholomew Cragsworth', path: `/driver/${made.driver.driverId}`, subtitle: expect.stringContaining(PLATE) });

    // A ticket by subject, by number (T-n or n) and by id.
    expect((await idsOf(owner, 'marmalade', 'ticket')).sort()).toEqual([made.rideTicket.id, made.looseTicket.id].sort());
    for (const q of [made.rideTicket.number, made.rideTicket.number.replace(/\D/g, ''), made.rideTicket.id])
      expect((await idsOf(owner, q, 'ticket'))[0], q).toBe(made.rideTicket.id);
    const [ticket] = await hitsOf(owner, made.rideTicket.id, 'ticket');
    expect(ticket).toMatchObject({ title: 'Marmalade umbrella left behind', path: `/support-tickets?ticket=${made.rideTicket.id}` });

    // A promo code and a company.
    expect(await idsOf(owner, PROMO.slice(0, 10).toLowerCase(), 'promotion')).toEqual([made.promoId]);
    expect((await hitsOf(owner, PROMO, 'promotion'))[0]).toMatchObject({ title: PROMO, path: '/promo-codes' });
    expect(await idsOf(owner, 'glimmerwick', 'company')).toEqual([made.companyId]);
    expect((await hitsOf(owner, 'Glimmerwick', 'company'))[0]).toMatchObject({ title: 'Glimmerwick Holdings', path: '/corporate-accounts' });

    // The owner searched every kind; a name reaches no ride (rides are found by id only).
    expect((await search(owner, 'Quillfeather')).body.kinds).toEqual(['ride', 'rider', 'driver', 'ticket', 'promotion', 'company']);
    expect(await idsOf(owner, 'Quillfeather', 'ride')).toEqual([]);
  });

  it('takes what is typed literally and answers at most five of a kind', async () => {
    expect(await hitsOf(owner, '%%')).toEqual([]);
    expect(await hitsOf(owner, '__')).toEqual([]);
    for (let i = 0; i < 7; i++) await newUser(server, `Octavia Manyfold ${i}`);
    const many = await hitsOf(owner, 'manyfold', 'rider');
    expect(many).toHaveLength(5);
    expect(many.map((h) => h.title)).toEqual([0, 1, 2, 3, 4].map((i) => `Octavia Manyfold ${i}`));
  });

  it('searches only the kinds the role may read: marketing finds no rider, ride, driver or ticket; support no promo code or company', async () => {
    const marketing = await staffMember('marketing', null);
    const body = (await search(marketing, 'Quillfeather')).body;
    expect(body.kinds).toEqual(['promotion', 'company']);
    expect(body.hits).toEqual([]);
    expect(await hitsOf(marketing, made.rideId)).toEqual([]);
    expect(await hitsOf(marketing, 'Cragsworth')).toEqual([]);
    expect(await hitsOf(marketing, 'marmalade')).toEqual([]);
    expect(await idsOf(marketing, 'Glimmerwick', 'company')).toEqual([made.companyId]);
    expect(await idsOf(marketing, PROMO, 'promotion')).toEqual([made.promoId]);

    const support = await staffMember('support', null);
    expect((await search(support, 'Glimmerwick')).body).toMatchObject({ kinds: ['ride', 'rider', 'driver', 'ticket'], hits: [] });
    expect(await hitsOf(support, PROMO)).toEqual([]);
    expect(await idsOf(support, 'Quillfeather', 'rider')).toEqual([made.rider.id]);
  });

  it("a staff member of another city finds none of San Francisco's rides, drivers, tickets about its rides, promo codes or companies", async () => {
    const elsewhere = await staffMember('owner', [OTHER_CITY], 'Owen Elsewhere');
    expect(await hitsOf(elsewhere, made.rideId)).toEqual([]);
    expect(await hitsOf(elsewhere, made.rideId.slice(0, 8), 'ride')).toEqual([]);
    expect(await hitsOf(elsewhere, 'Cragsworth')).toEqual([]);
    expect(await hitsOf(elsewhere, PROMO)).toEqual([]);
    expect(await hitsOf(elsewhere, 'Glimmerwick')).toEqual([]);
    // A ticket about no ride and a rider belong to no city: everyone's.
    expect(await idsOf(elsewhere, 'marmalade', 'ticket')).toEqual([made.looseTicket.id]);
    expect(await idsOf(elsewhere, 'Quillfeather', 'rider')).toEqual([made.rider.id]);

    // San Francisco's own staff find them.
    const local = await staffMember('operations', ['sf'], 'Sol Local');
    expect(await idsOf(local, made.rideId, 'ride')).toEqual([made.rideId]);
    expect(await idsOf(local, 'Cragsworth', 'driver')).toEqual([made.driver.driverId]);
  });

  it('refuses a query of one character or of more than 100, and anyone who is not staff', async () => {
    for (const q of ['a', ' b ', 'x'.repeat(101)]) {
      const res = await search(owner, q);
      expect(res.status, q).toBe(400);
    }
    expect((await owner.get('/api/admin/search')).status).toBe(400);
    expect((await owner.get('/api/admin/search?q=')).status).toBe(400);
    const rider = await newUser(server, 'Nosy Rider');
    const refused = await search(rider.client, 'Quillfeather');
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('FORBIDDEN');
    expect((await search(server.client(), 'Quillfeather')).status).toBe(401);
  });
});
