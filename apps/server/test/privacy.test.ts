import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_PERSONAL, PERSONAL_TABLES } from '../src/privacy/personal-data';
import { ADMIN_ENV, adminOf, approvedDriverOf, FERRY_BUILDING, newUser, nextOffer, north, onlineDriver, serveTheWholeBay, UNION_SQUARE } from './ride-actors';
import { GOOD_PASSWORD, signIn, startTestServer, type TestServer, uniquePhone } from './test-server';

let server: TestServer;
beforeAll(async () => {
  // Long dispatch timers: a requested ride with no driver stays requested for the whole test.
  server = await startTestServer(ADMIN_ENV, { dispatch: { searchTimeoutMs: 600_000, idleGraceMs: 600_000 } });
  await serveTheWholeBay(server);
});
afterAll(() => server?.stop());

/** Columns that name a person by their name alone (a foreign key is found from the catalog). */
const PERSON_COLUMN =
  /^(user_?id|rider_id|driver_id|owner_id|requester_id|author_id|sender_id|rater_id|ratee_id|actor_id|recipient_id|assignee_id|contact_user_id)$|_by$/i;

describe('Download my data: the registry covers every table that holds a person', () => {
  it('every table with a foreign key to user, profiles or drivers, or a person column, is exported or excluded with a reason', async () => {
    const { db } = server.services;
    const fks = await sql<{ tbl: string; col: string }>`
      select c.relname as tbl, a.attname as col
        from pg_constraint k
        join pg_class c on c.oid = k.conrelid
        join pg_class r on r.oid = k.confrelid
        join pg_attribute a on a.attrelid = k.conrelid and a.attnum = any (k.conkey)
       where k.contype = 'f' and r.relname in ('user', 'profiles', 'drivers')
         and c.relnamespace = 'public'::regnamespace`.execute(db);
    const columns = await sql<{ tbl: string; col: string }>`
      select table_name as tbl, column_name as col from information_schema.columns where table_schema = 'public'`.execute(db);
    const holding = new Set([...fks.rows.map((r) => r.tbl), ...columns.rows.filter((r) => PERSON_COLUMN.test(r.col)).map((r) => r.tbl)]);
    // The catalog query itself works: it finds what we know is there.
    expect([...holding]).toEqual(expect.arrayContaining(['session', 'account', 'profiles', 'rides', 'notifications', 'driver_documents']));
    const covered = new Set(PERSONAL_TABLES.map((t) => t.table));
    const uncovered = [...holding].filter((t) => !covered.has(t) && !(t in NOT_PERSONAL)).sort();
    expect(uncovered, 'tables holding a person that neither the export registry nor NOT_PERSONAL names').toEqual([]);
    // Every exclusion says why, and names a real table; nothing is both exported and excluded.
    const tables = new Set(columns.rows.map((r) => r.tbl));
    for (const [table, reason] of Object.entries(NOT_PERSONAL)) {
      expect(reason.length).toBeGreaterThan(20);
      expect(tables.has(table), table).toBe(true);
      expect(covered.has(table), table).toBe(false);
    }
    for (const entry of PERSONAL_TABLES) if (!entry.optional) expect(tables.has(entry.table), entry.table).toBe(true);
  });

  it('exports the caller’s rows as a dated JSON attachment, without password hashes, session tokens, OTP codes or push keys', async () => {
    const { db } = server.services;
    const rider = await newUser(server, 'Erin Export');
    await db
      .insertInto('push_subscriptions')
      .values({ user_id: rider.id, endpoint: 'https://push.example/secret-endpoint', p256dh: 'P256DH-SECRET-KEY', auth: 'AUTH-SECRET' })
      .execute();
    await db.insertInto('notifications').values({ user_id: rider.id, type: 'other', title: 'Exported note', message: 'm', booking_id: null }).execute();
    const other = await newUser(server, 'Otto Other');
    await db.insertInto('notifications').values({ user_id: other.id, type: 'other', title: 'Not Erin’s', message: 'm', booking_id: null }).execute();

    const res = await fetch(`${server.url}/api/me/export`, { headers: { cookie: rider.client.cookieHeader } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="openride-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const text = await res.text();
    const data = JSON.parse(text);
    expect(data.user_id).toBe(rider.id);
    expect(Object.keys(data.tables)).toEqual(
      expect.arrayContaining(['user', 'profiles', 'account', 'session', 'notifications', 'push_subscriptions', 'rides', 'ledger_entries', 'files']),
    );
    expect(data.tables.user[0]).toMatchObject({ id: rider.id, name: 'Erin Export' });
    expect(data.tables.profiles[0]).toMatchObject({ full_name: 'Erin Export' });
    expect(data.tables.notifications.map((n: { title: string }) => n.title)).toEqual(['Exported note']);
    expect(data.tables.push_subscriptions).toHaveLength(1);

    // No secret anywhere in the file.
    const hash = (await db.selectFrom('account').select('password').where('userId', '=', rider.id).executeTakeFirstOrThrow()).password!;
    const tokens = (await db.selectFrom('session').select('token').where('userId', '=', rider.id).execute()).map((s) => s.token);
    expect(tokens.length).toBeGreaterThan(0);
    for (const secret of [hash, ...tokens, 'P256DH-SECRET-KEY', 'AUTH-SECRET', 'secret-endpoint', GOOD_PASSWORD]) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/"(password|token|p256dh|auth|code_hash|storage_key)":/);
    expect(text).not.toContain('Not Erin’s');

    expect((await server.client().get('/api/me/export')).status).toBe(401);
  });
});

describe('Delete account', () => {
  it('is refused with an active ride and with a debt (nothing changed), then erases the person: sign-in fails, sessions end, no personal field remains', async () => {
    const { db } = server.services;
    const rider = await newUser(server, 'Dora Delete');
    const email = (await db.selectFrom('user').select('email').where('id', '=', rider.id).executeTakeFirstOrThrow()).email;
    const phone = (await db.selectFrom('profiles').select('phone').where('id', '=', rider.id).executeTakeFirstOrThrow()).phone!;
    await db.insertInto('push_subscriptions').values({ user_id: rider.id, endpoint: 'https://push.example/dora', p256dh: 'k', auth: 'a' }).execute();
    await db.insertInto('notifications').values({ user_id: rider.id, type: 'other', title: 'Hello Dora', message: 'm', booking_id: null }).execute();
    const confirm = { confirm: 'DELETE', password: GOOD_PASSWORD };

    // Bad confirmations: 400, nothing changed.
    expect((await rider.client.post('/api/me/delete', { confirm: 'delete', password: GOOD_PASSWORD })).body.error.code).toBe('ACCOUNT_DELETE_NOT_CONFIRMED');
    expect((await rider.client.post('/api/me/delete', { confirm: 'DELETE', password: 'Wrong-password-1' })).body.error.code).toBe(
      'ACCOUNT_DELETE_NOT_CONFIRMED',
    );
    expect((await rider.client.post('/api/me/delete', { confirm: 'DELETE' })).status).toBe(400);
    expect((await server.client().post('/api/me/delete', confirm)).status).toBe(401);

    // An active ride (requested, no driver yet): refused.
    const booked = await rider.client.post('/api/rides', { pickup: UNION_SQUARE, destination: FERRY_BUILDING, ride_type: 'economy', payment_method: 'cash' });
    expect(booked.status).toBe(201);
    const rideId = booked.body.ride.id as string;
    const active = await rider.client.post('/api/me/delete', confirm);
    expect(active.status).toBe(409);
    expect(active.body.error.code).toBe('ACCOUNT_HAS_ACTIVE_RIDE');

    // Money owed (a late-cancel fee not yet carried): refused.
    expect((await rider.client.post(`/api/rides/${rideId}/cancel`, {})).status).toBe(200);
    await db.updateTable('rides').set({ cancellation_fee_cents: 500, cancellation_fee_waived: false }).where('id', '=', rideId).execute();
    const owed = await rider.client.post('/api/me/delete', confirm);
    expect(owed.status).toBe(409);
    expect(owed.body.error.code).toBe('ACCOUNT_OWES_MONEY');
    expect(owed.body.error.message).toMatch(/owe/);
    // Nothing changed by the refusals.
    expect(await db.selectFrom('user').select(['name', 'email']).where('id', '=', rider.id).executeTakeFirstOrThrow()).toEqual({ name: 'Dora Delete', email });
    expect((await rider.client.get('/api/me')).status).toBe(200);

    // Settled (the fee waived): deleted. (A point of the path driven, as a trip under way leaves them.)
    await db.updateTable('rides').set({ cancellation_fee_waived: true }).where('id', '=', rideId).execute();
    await db.insertInto('ride_locations').values({ ride_id: rideId, lat: UNION_SQUARE.lat, lng: UNION_SQUARE.lng, at: new Date() }).execute();
    const deleted = await rider.client.post('/api/me/delete', confirm);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ deleted: true });

    // Sign-in fails; every session is gone (the database has none, better-auth finds none).
    expect((await signIn(server.client(), email)).status).toBe(400);
    expect(await db.selectFrom('session').select('id').where('userId', '=', rider.id).execute()).toEqual([]);
    expect((await rider.client.get('/api/auth/get-session?disableCookieCache=true')).body).toBeNull();

    // No personal field remains; the ride is kept, its rider id resolving to nobody.
    const user = await db.selectFrom('user').selectAll().where('id', '=', rider.id).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ name: 'Deleted user', image: null, emailVerified: false });
    expect(user.email).toBe(`deleted-${rider.id}@deleted.invalid`);
    const profile = await db.selectFrom('profiles').selectAll().where('id', '=', rider.id).executeTakeFirstOrThrow();
    expect(profile).toMatchObject({ full_name: 'Deleted user', phone: null, push_token: null, phone_verified_at: null });
    expect(profile.blocked_at).not.toBeNull();
    expect(await db.selectFrom('account').select('id').where('userId', '=', rider.id).execute()).toEqual([]);
    expect(await db.selectFrom('push_subscriptions').select('id').where('user_id', '=', rider.id).execute()).toEqual([]);
    expect(await db.selectFrom('notifications').select('id').where('user_id', '=', rider.id).execute()).toEqual([]);
    const everything = JSON.stringify(await sql`select * from "user" u join profiles p on p.id = u.id where u.id = ${rider.id}`.execute(db));
    for (const personal of ['Dora', email, phone]) expect(everything).not.toContain(personal);
    expect(await db.selectFrom('rides').select(['id', 'rider_id']).where('id', '=', rideId).executeTakeFirstOrThrow()).toEqual({
      id: rideId,
      rider_id: rider.id,
    });
    // Where they went is not kept: no place names, points rounded to two decimals, the driven path gone.
    const kept = await db
      .selectFrom('rides')
      .select(['pickup_label', 'dropoff_label', 'pickup_lat', 'pickup_lng', 'dropoff_lat', 'dropoff_lng'])
      .where('id', '=', rideId)
      .executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ pickup_label: null, dropoff_label: null });
    for (const v of [kept.pickup_lat, kept.pickup_lng, kept.dropoff_lat, kept.dropoff_lng]) expect(Math.round(v * 100) / 100).toBe(v);
    expect(await db.selectFrom('ride_locations').select('ride_id').where('ride_id', '=', rideId).execute()).toEqual([]);
    // Audited.
    expect(await db.selectFrom('audit_log').select(['action', 'entity_id']).where('actor_id', '=', rider.id).execute()).toEqual([
      { action: 'account.delete', entity_id: rider.id },
    ]);
    // The phone is free again for a new account.
    expect(await db.selectFrom('profiles').select('id').where('phone', '=', phone).execute()).toEqual([]);
  });

  it('a driver: refused while owing the operator more than the limit; then their driver record is anonymised and exported no more', async () => {
    const { db } = server.services;
    const admin = await adminOf(server);
    const driver = await approvedDriverOf(server, admin, 'Dex Driver');
    const exported = (await driver.client.get('/api/me/export')).body;
    expect(exported.tables.drivers).toEqual([expect.objectContaining({ id: driver.driverId, full_name: 'Dex Driver' })]);

    // $60 owed against the default $50 limit: refused.
    const post = (direction: 'debit' | 'credit') =>
      admin.post('/api/admin/ledger/adjustments', {
        city: 'sf',
        party: 'driver',
        party_id: driver.driverId,
        direction,
        amount_cents: 6000,
        reason: 'Cash fares collected',
      });
    expect((await post('debit')).status).toBe(201);
    const refused = await driver.client.post('/api/me/delete', { confirm: 'DELETE', password: GOOD_PASSWORD });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('ACCOUNT_OWES_MONEY');
    expect((await db.selectFrom('drivers').select('full_name').where('id', '=', driver.driverId).executeTakeFirstOrThrow()).full_name).toBe('Dex Driver');

    // Settled: deleted; the driver record stays (rides refer to it) without the person.
    expect((await post('credit')).status).toBe(201);
    expect((await driver.client.post('/api/me/delete', { confirm: 'DELETE', password: GOOD_PASSWORD })).status).toBe(200);
    expect(
      await db.selectFrom('drivers').select(['full_name', 'phone', 'license_number', 'status']).where('id', '=', driver.driverId).executeTakeFirstOrThrow(),
    ).toEqual({
      full_name: 'Deleted user',
      phone: '',
      license_number: '',
      status: 'offline',
    });
    // The car's plate goes too (from the vehicle and the driver record's copy).
    const plates = await db.selectFrom('vehicles').select('license_plate').where('driver_id', '=', driver.driverId).execute();
    expect(plates.length).toBeGreaterThan(0);
    for (const p of plates) expect(p.license_plate).toMatch(/^DEL-[0-9a-f]{8}$/);
    expect((await db.selectFrom('drivers').select('license_plate').where('id', '=', driver.driverId).executeTakeFirstOrThrow()).license_plate).toBe('');
    expect((await driver.client.get('/api/me/export')).status).toBe(401);
  });
});

/**
 * Issue 27 (decision 0075): deletion reaches every copy of the person, not only their own rows. A rider who
 * used what a rider can (a ride with chat, a rating and a promo code, an SOS the operator resolved, a support
 * ticket whose words carry their email and phone, a saved place, an emergency contact, a referral code, their
 * notifications, an admin's block and unblock) deletes the account; then no admin view, no CSV export, no search
 * and no column of any table in the database holds their name, email or phone — but for the copies listed in
 * LAW_KEEPS, each with why.
 */
describe('Delete account: no copy of the person is left behind', () => {
  /** Where a copy may stay because the law requires it. Empty: the records kept (rides, ledger) hold ids only. */
  const LAW_KEEPS: readonly string[] = [];

  it('a rider who used every feature is gone from every admin view, export, search and table', async () => {
    const { db } = server.services;
    const admin = await adminOf(server);
    const fullName = 'Zelda Quillfeather';
    const rider = await newUser(server, fullName);
    const email = (await db.selectFrom('user').select('email').where('id', '=', rider.id).executeTakeFirstOrThrow()).email;
    const phone = (await db.selectFrom('profiles').select('phone').where('id', '=', rider.id).executeTakeFirstOrThrow()).phone!;
    const formatted = `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`;

    // Account: a saved place, an emergency contact, a referral code.
    expect((await rider.client.put('/api/account/places/home', { label: 'Home', address_label: 'Ferry Building', lat: 37.79, lng: -122.39 })).status).toBe(200);
    expect((await rider.client.post('/api/account/emergency-contacts', { name: 'Quinn Contact', phone: uniquePhone() })).status).toBe(201);
    expect((await rider.client.get('/api/referrals/me')).status).toBe(200);

    // A ride with a promo code, accepted by a driver: chat, SOS (resolved by the operator), then finished and rated.
    const promo = await admin.post('/api/admin/promotions', {
      city_id: 'sf',
      code: `ZQ${Date.now().toString(36).toUpperCase()}`.slice(0, 20),
      kind: 'amount',
      value: 100,
      valid_from: new Date(Date.now() - 3_600_000).toISOString(),
      status: 'active',
    });
    expect(promo.status, JSON.stringify(promo.body)).toBe(201);
    const driver = await onlineDriver(server, admin, north(UNION_SQUARE, 300), 'Walt Wheeler');
    try {
      const booked = await rider.client.post('/api/rides', {
        pickup: UNION_SQUARE,
        destination: FERRY_BUILDING,
        ride_type: 'economy',
        payment_method: 'cash',
        promo_code: promo.body.promotion.code,
      });
      expect(booked.status, JSON.stringify(booked.body)).toBe(201);
      const ride = booked.body.ride as { id: string; pin: string };
      await nextOffer(driver, ride.id);
      expect((await driver.client.post(`/api/rides/${ride.id}/accept`, {})).status).toBe(200);
      expect((await rider.client.post(`/api/rides/${ride.id}/messages`, { body: `It's ${fullName}, call me on ${formatted}` })).status).toBe(201);
      const sos = await rider.client.post(`/api/rides/${ride.id}/sos`, {});
      expect(sos.status, JSON.stringify(sos.body)).toBe(201);
      expect((await admin.post(`/api/admin/sos/${sos.body.alert.id}/resolve`, { note: `Called ${fullName}: safe.` })).status).toBe(200);
      expect((await driver.client.post(`/api/rides/${ride.id}/arrive`, {})).status).toBe(200);
      expect((await driver.client.post(`/api/rides/${ride.id}/start`, { pin: ride.pin })).status).toBe(200);
      expect((await driver.client.post(`/api/rides/${ride.id}/complete`, {})).status).toBe(200);
      expect((await rider.client.post(`/api/rides/${ride.id}/rating`, { stars: 4, comment: `From ${fullName}` })).status).toBe(201);
    } finally {
      driver.socket.close();
      await driver.client.request(`/api/drivers/${driver.driverId}`, { method: 'PATCH', json: { status: 'offline' } });
    }

    // A support ticket whose first line carries the email and the phone; the operator answers by name.
    const ticket = await rider.client.post('/api/support/tickets', {
      category: 'account',
      message: `Please write to ${email} or call ${formatted}\nThanks, ${fullName}`,
    });
    expect(ticket.status, JSON.stringify(ticket.body)).toBe(201);
    const ticketId = ticket.body.ticket.id as string;
    expect((await admin.post(`/api/admin/support-tickets/${ticketId}/messages`, { body: `Hello ${fullName}, we will write to ${email}.` })).status).toBe(200);
    // An admin blocks and unblocks them (audited, the reason naming them).
    expect((await admin.post(`/api/admin/riders/${rider.id}/block`, { reason: `${fullName} was rude` })).status).toBe(200);
    expect((await admin.post(`/api/admin/riders/${rider.id}/unblock`, { reason: `${fullName} apologised` })).status).toBe(200);

    // Before deletion the test finds them where they are (so the search below would see them).
    const needles = [fullName, 'Quillfeather', email, phone, formatted];
    const found = (text: string) => needles.filter((n) => text.toLowerCase().includes(n.toLowerCase()));
    const views = async () => {
      const paths = [
        '/api/admin/support-tickets',
        `/api/admin/support-tickets/${ticketId}`,
        '/api/notifications',
        '/api/notifications/all',
        '/api/admin/audit-log',
        '/api/admin/audit-log?format=csv',
        `/api/admin/audit-log?q=${encodeURIComponent(fullName)}`,
        '/api/admin/customers',
        '/api/admin/customers?format=csv',
        `/api/admin/customers?q=${encodeURIComponent(email)}`,
        `/api/admin/customers/${rider.id}`,
        '/api/admin/users',
        '/api/admin/users?format=csv',
        `/api/admin/users?q=${encodeURIComponent('Quillfeather')}`,
        '/api/admin/rides',
        '/api/admin/rides?format=csv',
        '/api/admin/sos',
        '/api/admin/referrals',
        '/api/admin/refund-requests',
        `/api/admin/promotions/${promo.body.promotion.id}/redemptions`,
        '/api/admin/ledger/entries',
      ];
      const rideIds = (await db.selectFrom('rides').select('id').where('rider_id', '=', rider.id).execute()).map((r) => r.id);
      paths.push(...rideIds.map((id) => `/api/admin/rides/${id}`));
      const leaks: string[] = [];
      for (const path of paths) {
        const res = await admin.get(path);
        expect(res.status, path).toBe(200);
        const hits = found(typeof res.body === 'string' ? res.body : JSON.stringify(res.body));
        if (hits.length) leaks.push(`${path}: ${hits.join(', ')}`);
      }
      return leaks;
    };
    /** Every text, varchar, json and array column of every table, in every schema but the catalog's. */
    const tables = async () => {
      const columns = await sql<{ s: string; t: string; c: string }>`
        select c.table_schema as s, c.table_name as t, c.column_name as c from information_schema.columns c
          join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
         where c.table_schema not in ('pg_catalog', 'information_schema')
           and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY', 'USER-DEFINED')`.execute(db);
      expect(new Set(columns.rows.map((r) => r.s))).toEqual(new Set(['public', 'pgboss']));
      // One query per table (a query at a time: the in-process database does not hold the event loop for long).
      const byTable = new Map<string, typeof columns.rows>();
      for (const r of columns.rows) byTable.set(`${r.s}.${r.t}`, [...(byTable.get(`${r.s}.${r.t}`) ?? []), r]);
      const leaks: string[] = [];
      for (const [table, cols] of byTable) {
        const flags = cols.map(
          ({ c }, i) =>
            sql`bool_or(${sql.join(
              needles.map((n) => sql`position(${n.toLowerCase()} in lower(${sql.ref(c)}::text)) > 0`),
              sql` or `,
            )}) as ${sql.ref(`c${i}`)}`,
        );
        const row = (await sql<Record<string, boolean | null>>`select ${sql.join(flags)} from ${sql.table(table)}`.execute(db)).rows[0]!;
        cols.forEach(({ c }, i) => row[`c${i}`] && leaks.push(`${table}.${c}`));
      }
      return leaks;
    };
    expect((await views()).length).toBeGreaterThan(3);
    expect(await tables()).toEqual(expect.arrayContaining(['public.support_tickets.subject', 'public.notifications.title', 'public.profiles.full_name']));

    expect((await rider.client.post('/api/me/delete', { confirm: 'DELETE', password: GOOD_PASSWORD })).status).toBe(200);
    await server.services.jobs.idle(['message-send', 'push-send']);

    expect({ views: await views(), tables: await tables() }).toEqual({ views: [], tables: [...LAW_KEEPS] });
    // The ticket stays for the operator's record, its requester a deleted user.
    const kept = (await admin.get(`/api/admin/support-tickets/${ticketId}`)).body;
    expect(JSON.stringify(kept)).toContain('Deleted user');
    // The audit log still lists what admins did to them, naming a deleted user (read now, not stored), with the link.
    const audit = (await admin.get('/api/admin/audit-log?action=rider.block')).body.items.find((e: { entity_id: string }) => e.entity_id === rider.id);
    expect(audit.target).toEqual({ kind: 'Rider', label: 'Deleted user', href: `/customer-management/${rider.id}` });
  }, 120_000);
});
