// The admin kit: keyset paging, search, filters and CSV export on every admin list; the audit log; and
// every admin list refused to riders, drivers and visitors.
import { AUDIT_ACTIONS } from '@openride/shared/admin/audit';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../src/audit/record-audit';
import type { TestClient } from './http-client';
import { GOOD_PASSWORD, signIn, signUp, startTestServer, type TestServer } from './test-server';

const ADMIN_EMAIL = 'kit-admin@openride.test';
/** Every admin list this kit serves, as JSON and as CSV. */
const ADMIN_LISTS = [
  '/api/admin/users',
  '/api/admin/drivers',
  '/api/admin/audit-log',
  '/api/admin/support-tickets',
  '/api/admin/referrals',
  '/api/admin/promotions',
  '/api/admin/corporate-invoices',
  '/api/admin/companies',
];
const ADMIN_GETS = ADMIN_LISTS.flatMap((path) => [path, `${path}?format=csv`]);

let server: TestServer;
let admin: TestClient;
let adminId: string;
beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAIL, ADMIN_PASSWORD: GOOD_PASSWORD });
  admin = server.client();
  await signIn(admin, ADMIN_EMAIL);
  adminId = (await admin.get('/api/me')).body.user.id;
});
afterAll(() => server?.stop());

async function applicant(name = 'Pat Applicant') {
  const client = server.client();
  await signUp(client, { full_name: name });
  const res = await client.post('/api/drivers', {
    full_name: name,
    phone: '4155550150',
    license_number: 'P7654321',
    vehicle_make: 'Honda',
    vehicle_model: 'Civic',
    vehicle_year: 2019,
    vehicle_color: 'Grey',
    license_plate: '8XYZ987',
  });
  expect(res.status).toBe(201);
  return { client, driverId: res.body.driver.id as string };
}

const auditRowsOf = (entityId: string) =>
  server.services.db.selectFrom('audit_log').selectAll().where('entity_id', '=', entityId).orderBy('created_at').execute();

/** Every page of a list, following next_cursor; fails on a page that is not a well-formed list page. */
async function pageAll(client: TestClient, path: string, limit: number) {
  const ids: string[] = [];
  let cursor: string | null = null;
  let total: number | undefined;
  let pages = 0;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const res = await client.get(`${path}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.status, `${path} page ${pages}: ${JSON.stringify(res.body).slice(0, 200)}`).toBe(200);
    expect(res.body.items.length).toBeLessThanOrEqual(limit);
    if (pages === 0) total = res.body.total;
    else expect(res.body.total).toBeUndefined();
    ids.push(...res.body.items.map((row: { id: string }) => row.id));
    cursor = res.body.next_cursor;
    pages++;
    expect(pages).toBeLessThan(1000);
  } while (cursor);
  return { ids, total, pages };
}

describe('refusals: every admin list, from the side of the one refused', () => {
  it('a rider and a driver get 403, a visitor 401, on every admin list and export, and learn nothing', async () => {
    const rider = server.client();
    await signUp(rider);
    const { client: driver, driverId } = await applicant('Dee Driver');
    expect((await admin.post(`/api/admin/drivers/${driverId}/verification`, { status: 'approved' })).status).toBe(200);
    expect((await driver.get('/api/me')).body.role).toBe('driver');
    const visitor = server.client();
    for (const path of ADMIN_GETS) {
      for (const [who, client, status] of [
        ['rider', rider, 403],
        ['driver', driver, 403],
        ['visitor', visitor, 401],
      ] as const) {
        const res = await client.get(path);
        expect(res.status, `${who} ${path}`).toBe(status);
        expect(res.headers.get('content-type'), `${who} ${path}`).toMatch(/application\/json/);
        expect(res.headers.get('content-disposition')).toBeNull();
        expect(JSON.stringify(res.body)).not.toContain(ADMIN_EMAIL);
      }
    }
  });
});

describe('listing kit', () => {
  // 260 users and 260 applications made directly in the database: ties on every sort key (same
  // timestamp, same name in two cases), and timestamps a microsecond apart (a JS Date would merge them).
  const N = 260;
  const TAG = 'keyset';
  beforeAll(async () => {
    const db = server.services.db;
    const base = Date.UTC(2025, 0, 1);
    const users = Array.from({ length: N }, (_, i) => ({
      id: `${TAG}-${String(i).padStart(4, '0')}-${crypto.randomUUID().slice(0, 8)}`,
      name: i % 3 === 0 ? 'Same Name' : i % 3 === 1 ? 'same name' : `Person ${(i * 7919) % N}`,
      email: `${TAG}-${i}@example.test`,
      emailVerified: false,
      // Groups of five share a timestamp; the groups sit a microsecond apart.
      createdAt: sql`${new Date(base + Math.floor(i / 10)).toISOString()}::timestamptz + ${(Math.floor(i / 5) % 2) * 1} * interval '1 microsecond'`,
      updatedAt: new Date(base),
    }));
    await db
      .insertInto('user')
      .values(users as never)
      .execute();
    await db
      .insertInto('drivers')
      .values(
        users.map((u, i) => ({
          user_id: u.id,
          verification_status: i % 2 ? 'pending' : 'rejected',
          full_name: u.name,
          phone: `415555${String(i).padStart(4, '0')}`,
          license_number: `L${i}`,
          vehicle_make: 'Toyota',
          vehicle_model: 'Prius',
          vehicle_year: 2020,
          vehicle_color: 'Blue',
          license_plate: `KS${i}`,
          created_at: new Date(base + Math.floor(i / 4)),
          updated_at: new Date(base),
        })),
      )
      .execute();
    await db
      .insertInto('audit_log')
      .values(
        users.map((u, i) => ({
          actor_id: i % 2 ? adminId : u.id,
          action: i % 4 ? 'driver.approve' : 'driver.reject',
          entity_type: 'driver',
          entity_id: `${TAG}-entity-${i}`,
          before: JSON.stringify({ verification_status: 'pending' }),
          after: JSON.stringify({ verification_status: 'approved' }),
          reason: null,
          created_at: new Date(base + Math.floor(i / 6)),
        })),
      )
      .execute();
  });

  const expectEvery = async (path: string, expected: string[], limit: number) => {
    const { ids, total, pages } = await pageAll(admin, path, limit);
    expect(new Set(ids).size, `${path}: a row repeated`).toBe(ids.length);
    expect([...ids].sort(), `${path}: a row missed`).toEqual([...expected].sort());
    expect(total).toBe(expected.length);
    expect(pages).toBe(Math.max(1, Math.ceil(expected.length / limit)));
    return ids;
  };

  it('users: every sort, both directions, pages of 7 and 100, never repeat or miss a row, in the order asked', async () => {
    const all = await server.services.db.selectFrom('user').select('id').execute();
    for (const sort of ['created_at', 'name', 'email'] as const) {
      for (const dir of ['asc', 'desc'] as const) {
        const seven = await expectEvery(
          `/api/admin/users?sort=${sort}&dir=${dir}`,
          all.map((u) => u.id),
          7,
        );
        const hundred = await expectEvery(
          `/api/admin/users?sort=${sort}&dir=${dir}`,
          all.map((u) => u.id),
          100,
        );
        // The page size does not change the order.
        expect(hundred).toEqual(seven);
        // The order is the one the database gives for (key, id).
        const key = sort === 'created_at' ? sql`"createdAt"` : sort === 'name' ? sql`lower(name)` : sql`email`;
        const order = sql.raw(dir);
        const expected = await sql<{ id: string }>`select id from "user" order by ${key} ${order}, id ${order}`.execute(server.services.db);
        expect(seven).toEqual(expected.rows.map((r) => r.id));
      }
    }
  });

  it('users: search and role filter page through the filtered rows only', async () => {
    const same = await server.services.db.selectFrom('user').select('id').where('name', 'ilike', 'same name').execute();
    expect(same.length).toBeGreaterThan(150);
    await expectEvery(
      '/api/admin/users?q=SAME%20name&sort=name&dir=asc',
      same.map((u) => u.id),
      9,
    );
    const admins = await expectEvery('/api/admin/users?role=admin', [adminId], 5);
    expect(admins).toEqual([adminId]);
    // % typed in the search box is a character, not a wildcard.
    expect((await admin.get('/api/admin/users?q=%25')).body).toEqual({ items: [], next_cursor: null, total: 0 });
  });

  it('drivers: every sort and the status filter', async () => {
    const rows = await server.services.db.selectFrom('drivers').select(['id', 'verification_status']).execute();
    for (const sort of ['created_at', 'full_name', 'updated_at']) {
      for (const dir of ['asc', 'desc']) {
        await expectEvery(
          `/api/admin/drivers?sort=${sort}&dir=${dir}`,
          rows.map((d) => d.id),
          11,
        );
        await expectEvery(
          `/api/admin/drivers?status=pending&sort=${sort}&dir=${dir}`,
          rows.filter((d) => d.verification_status === 'pending').map((d) => d.id),
          13,
        );
      }
    }
    // Search reaches the plate (KS25, KS250…KS259): 11 applications.
    const plates = await server.services.db.selectFrom('drivers').select('id').where('license_plate', 'like', 'KS25%').execute();
    expect(plates).toHaveLength(11);
    await expectEvery(
      '/api/admin/drivers?q=ks25',
      plates.map((d) => d.id),
      3,
    );
  });

  it('audit log: newest first by default, both directions, filtered by admin and by kind', async () => {
    const rows = await server.services.db.selectFrom('audit_log').select(['id', 'actor_id', 'action', 'created_at']).execute();
    const desc = await expectEvery(
      '/api/admin/audit-log',
      rows.map((r) => r.id),
      17,
    );
    const at = new Map(rows.map((r) => [r.id, r.created_at.getTime()]));
    for (let i = 1; i < desc.length; i++) expect(at.get(desc[i]!)!).toBeLessThanOrEqual(at.get(desc[i - 1]!)!);
    await expectEvery(
      '/api/admin/audit-log?dir=asc',
      rows.map((r) => r.id),
      17,
    );
    await expectEvery(
      `/api/admin/audit-log?actor_id=${encodeURIComponent(adminId)}`,
      rows.filter((r) => r.actor_id === adminId).map((r) => r.id),
      20,
    );
    await expectEvery(
      '/api/admin/audit-log?action=driver.reject',
      rows.filter((r) => r.action === 'driver.reject').map((r) => r.id),
      20,
    );
    await expectEvery(
      `/api/admin/audit-log?action=driver.approve&actor_id=${encodeURIComponent(adminId)}`,
      rows.filter((r) => r.action === 'driver.approve' && r.actor_id === adminId).map((r) => r.id),
      20,
    );
  });

  it('refuses a bad query with 400 and a clear message: limit over 100, unknown sort or kind, forged or foreign cursor', async () => {
    for (const path of [
      '/api/admin/users?limit=101',
      '/api/admin/users?limit=0',
      '/api/admin/users?sort=password',
      '/api/admin/users?dir=sideways',
      '/api/admin/users?role=owner',
      '/api/admin/drivers?status=bogus',
      '/api/admin/audit-log?action=driver.delete',
      '/api/admin/users?cursor=not-a-cursor',
      `/api/admin/drivers?cursor=${Buffer.from(JSON.stringify({ s: 'created_at', d: 'desc', v: '2025-01-01T00:00:00.000000Z', i: "x' or 1=1" })).toString('base64url')}`,
      `/api/admin/users?cursor=${Buffer.from(JSON.stringify({ s: 'created_at', d: 'desc', v: 'yesterday', i: 'a' })).toString('base64url')}`,
    ]) {
      const res = await admin.get(path);
      expect(res.status, path).toBe(400);
      expect(res.body.error.code, path).toBe('BAD_REQUEST');
    }
    // A cursor made for one ordering is refused by another.
    const first = await admin.get('/api/admin/users?sort=name&limit=2');
    const other = await admin.get(`/api/admin/users?sort=email&limit=2&cursor=${encodeURIComponent(first.body.next_cursor)}`);
    expect(other.status).toBe(400);
    expect(other.body.error.message).toBe('Invalid cursor');
  });

  it('exports the filtered rows (all of them, past any page size) as a CSV download', async () => {
    const res = await fetch(new URL('/api/admin/users?format=csv&q=same%20name&sort=name&dir=asc', server.url), {
      headers: { cookie: admin.cookieHeader },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = (await res.text()).replace(/^\uFEFF/, '');
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Name,Email,Roles,Created,Id');
    const same = await server.services.db.selectFrom('user').select('id').where('name', 'ilike', 'same name').execute();
    expect(lines.length - 1).toBe(same.length);
    expect(new Set(lines.slice(1).map((line) => line.split(',').at(-1))).size).toBe(same.length);
    expect(lines.slice(1).every((line) => /^(Same Name|same name),/.test(line))).toBe(true);

    // A typed value that a spreadsheet would run as a formula is exported as text.
    await server.services.db
      .insertInto('user')
      .values({
        id: 'csv-formula',
        name: '=HYPERLINK("http://evil.test","x")',
        email: 'formula@example.test',
        emailVerified: false,
        createdAt: new Date(),
        updatedAt: new Date(),
      })
      .execute();
    const formula = await fetch(new URL('/api/admin/users?format=csv&q=formula%40', server.url), { headers: { cookie: admin.cookieHeader } });
    const [, row] = (await formula.text()).trimEnd().split('\r\n');
    expect(row).toMatch(/^"'=HYPERLINK\(""http:\/\/evil\.test"",""x""\)",formula@example\.test,/);

    const drivers = await fetch(new URL('/api/admin/drivers?format=csv&status=pending', server.url), { headers: { cookie: admin.cookieHeader } });
    expect(drivers.headers.get('content-disposition')).toMatch(/filename="drivers-/);
    const pending = await server.services.db.selectFrom('drivers').select('id').where('verification_status', '=', 'pending').execute();
    expect((await drivers.text()).trimEnd().split('\r\n').length - 1).toBe(pending.length);
  });
});

describe('audit log', () => {
  it('approving a driver writes exactly one audit row, in the same transaction, with before and after', async () => {
    const { driverId } = await applicant('Audra Approved');
    expect(await auditRowsOf(driverId)).toEqual([]);
    const res = await admin.post(`/api/admin/drivers/${driverId}/verification`, { status: 'approved' });
    expect(res.status).toBe(200);
    const rows = await auditRowsOf(driverId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor_id: adminId,
      action: 'driver.approve',
      entity_type: 'driver',
      entity_id: driverId,
      before: { verification_status: 'pending', status: 'offline', rejection_reason: null },
      after: { verification_status: 'approved', status: 'offline', rejection_reason: null },
      reason: null,
    });

    // The panel's list shows it first, with the admin's name, filtered by that admin and by the kind.
    const list = await admin.get(`/api/admin/audit-log?action=driver.approve&actor_id=${encodeURIComponent(adminId)}&limit=1`);
    expect(list.status).toBe(200);
    expect(list.body.items[0]).toMatchObject({
      entity_id: driverId,
      action: 'driver.approve',
      actor_id: adminId,
      actor_email: ADMIN_EMAIL,
      after: { verification_status: 'approved' },
    });
    expect(AUDIT_ACTIONS).toContain(list.body.items[0].action);
    // It names what was acted on (issue 27: not "Driver 1e71e9cc-…") and links to its console page, whose record is that driver.
    expect(list.body.items[0].target).toEqual({ kind: 'Driver', label: 'Audra Approved', href: `/driver/${driverId}` });
    expect((await admin.get(`/api/admin/drivers/${list.body.items[0].target.href.split('/').pop()}`)).body).toMatchObject({
      driver: { id: driverId, full_name: 'Audra Approved' },
    });
    // The CSV names it too.
    const csv = await admin.get(`/api/admin/audit-log?format=csv&action=driver.approve&actor_id=${encodeURIComponent(adminId)}`);
    expect(csv.body).toContain('Audra Approved');

    // Rejecting afterwards adds the second row, with the reason; the first is untouched.
    expect((await admin.post(`/api/admin/drivers/${driverId}/verification`, { status: 'rejected', reason: 'Expired insurance' })).status).toBe(200);
    const after = await auditRowsOf(driverId);
    expect(after).toHaveLength(2);
    expect(after[0]!.id).toBe(rows[0]!.id);
    expect(after[1]).toMatchObject({
      action: 'driver.reject',
      before: { verification_status: 'approved' },
      after: { verification_status: 'rejected', status: 'offline', rejection_reason: 'Expired insurance' },
      reason: 'Expired insurance',
    });
  });

  it('a change that fails after the audit row was written rolls the row back with it', async () => {
    const { driverId } = await applicant('Rollo Back');
    const userId = (await server.services.db.selectFrom('drivers').select('user_id').where('id', '=', driverId).executeTakeFirstOrThrow()).user_id;
    const db = server.services.db;
    // The applicant's notification is written after the audit row, in the same transaction: make it fail.
    await sql`create or replace function fail_kit_notification() returns trigger language plpgsql as $$
      begin
        if new.user_id = ${sql.lit(userId)} then raise exception 'notification refused for the test'; end if;
        return new;
      end $$`.execute(db);
    await sql`create trigger fail_kit_notification before insert on notifications for each row execute function fail_kit_notification()`.execute(db);
    try {
      const res = await admin.post(`/api/admin/drivers/${driverId}/verification`, { status: 'approved' });
      expect(res.status).toBe(500);
    } finally {
      await sql`drop trigger fail_kit_notification on notifications`.execute(db);
    }
    expect(await auditRowsOf(driverId)).toEqual([]);
    const row = await db.selectFrom('drivers').select('verification_status').where('id', '=', driverId).executeTakeFirstOrThrow();
    expect(row.verification_status).toBe('pending');

    // And recordAudit itself writes through the transaction it is given.
    await expect(
      db.transaction().execute(async (trx) => {
        await recordAudit(trx, { actorId: adminId, action: 'driver.approve', entityType: 'driver', entityId: driverId, before: null, after: null });
        throw new Error('abandon');
      }),
    ).rejects.toThrow('abandon');
    expect(await auditRowsOf(driverId)).toEqual([]);
  });

  it('refused and invalid reviews write nothing', async () => {
    const { client, driverId } = await applicant('Nora Nothing');
    expect((await client.post(`/api/admin/drivers/${driverId}/verification`, { status: 'approved' })).status).toBe(403);
    expect((await server.client().post(`/api/admin/drivers/${driverId}/verification`, { status: 'approved' })).status).toBe(401);
    expect((await admin.post(`/api/admin/drivers/${driverId}/verification`, { status: 'rejected' })).status).toBe(400);
    expect(await auditRowsOf(driverId)).toEqual([]);
  });
});
