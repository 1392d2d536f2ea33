import { APIError } from 'better-auth/api';
import { ensureAdmin } from '../admin/ensure-admin';
import { grantStaff } from '../roles/staff.repo';
import { latestDriverOf } from '../drivers/drivers.repo';
import { ensureDemoCompany } from '../corporate/demo-company';
import { ensureDemoPromotion } from '../promotions/demo-promotion';
import { ensureDemoPapers } from './demo-papers';
import { acceptLegalDocuments } from '../legal/legal-status';
import { currentLegalVersions } from '../legal/legal.repo';
import { findPhoneConflict } from '../profiles/find-phone-conflict';
import { toMinutes } from '@openride/shared/schedule/schemas';
import {
  DEMO_ADMIN_EMAIL,
  DEMO_ADMIN_PHONE,
  DEMO_CITY_ID,
  DEMO_COMPANY_ADMIN_EMAIL,
  DEMO_COMPANY_ADMIN_PHONE,
  DEMO_PASSWORD,
  DEMO_STAFF_ROLES,
  demoStaffEmail,
  demoStaffPhone,
  DEMO_RIDER_EMAIL,
  DEMO_RIDER_PHONE,
  demoDriverProfile,
  demoDriverSeats,
  demoDriverWeek,
  demoPassengerEmail,
  demoPassengerName,
  demoPassengerPhone,
} from './demo-accounts';
import { ensureDemoCityPlaces } from './demo-places';
import type { Ports } from '../ports';
import type { Auth } from '../auth/auth';

export type SeededDriver = { n: number; email: string; userId: string; driverId: string; verification_status: string };
export type DemoSeed = { riderId: string; adminId: string; drivers: SeededDriver[]; passengers: { n: number; email: string }[] };

type SeedServices = Pick<Ports, 'db' | 'logger' | 'storage'> & { auth: Auth };

/**
 * Make sure an account exists: created through better-auth (its password hashing, its profile hook), never
 * by writing hashes ourselves. An existing account is left as it is, password included: someone may have
 * changed it on purpose. The profile's name and phone are filled in only where empty, and the phone only if
 * no other account holds it.
 */
async function ensureUser(services: SeedServices, email: string, name: string, phone: string): Promise<{ id: string; created: boolean }> {
  const { db, auth } = services;
  let created = false;
  let user = await db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirst();
  if (!user) {
    try {
      const res = await auth.api.signUpEmail({ body: { email, password: DEMO_PASSWORD, name } });
      user = { id: res.user.id };
      created = true;
      // As the sign-up form does: a new account agrees to the Terms and Privacy Policy in force (decision 0057),
      // so the demo's people are not asked to agree on their first page.
      const current = await currentLegalVersions(db);
      await acceptLegalDocuments(db, user.id, { terms_version: current.terms, privacy_version: current.privacy });
    } catch (err) {
      // Another process seeding at the same moment (scaled mode) made it first: use theirs.
      if (!(err instanceof APIError)) throw err;
      user = await db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    }
  }
  const profile = await db.selectFrom('profiles').select(['full_name', 'phone']).where('id', '=', user.id).executeTakeFirst();
  if (!profile) {
    await db
      .insertInto('profiles')
      .values({ id: user.id, full_name: name })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
  const set: { full_name?: string; phone?: string; updated_at?: Date } = {};
  if (!profile?.full_name) set.full_name = name;
  if (!profile?.phone && !(await findPhoneConflict(db, phone, user.id))) set.phone = phone;
  if (Object.keys(set).length)
    await db
      .updateTable('profiles')
      .set({ ...set, updated_at: new Date() })
      .where('id', '=', user.id)
      .execute();
  return { id: user.id, created };
}

async function ensureDriver(services: SeedServices, n: number, adminId: string): Promise<SeededDriver> {
  const { db } = services;
  const { email, ...application } = demoDriverProfile(n);
  const { id: userId } = await ensureUser(services, email, application.full_name, application.phone);
  const latest = await latestDriverOf(db, userId);
  if (latest) {
    // A database from before vehicles has the application's car with 4 seats (migration 0019): the demo's seats.
    if (demoDriverSeats(n) !== 4) {
      await db
        .updateTable('vehicles')
        .set({ seats: demoDriverSeats(n) })
        .where('driver_id', '=', latest.id)
        .where('active', '=', true)
        .where('license_plate', '=', application.license_plate)
        .where('seats', '=', 4)
        .execute();
    }
    // An admin's decision on a demo driver (a rejection tried out in the panel) is kept.
    return { n, email, userId, driverId: latest.id, verification_status: latest.verification_status };
  }
  const driver = await db.transaction().execute(async (trx) => {
    await trx.selectFrom('user').select('id').where('id', '=', userId).forUpdate().executeTakeFirstOrThrow();
    const again = await trx.selectFrom('drivers').select(['id', 'verification_status']).where('user_id', '=', userId).limit(1).executeTakeFirst();
    if (again) return again;
    const now = new Date();
    const row = await trx
      .insertInto('drivers')
      .values({ user_id: userId, ...application, verification_status: 'approved', status: 'offline', reviewed_at: now, reviewed_by: adminId })
      .returning(['id', 'verification_status'])
      .executeTakeFirstOrThrow();
    // Its car, verified with the record, with the seats that make it Economy, Comfort or XL.
    await trx
      .insertInto('vehicles')
      .values({
        driver_id: row.id,
        make: application.vehicle_make,
        model: application.vehicle_model,
        year: application.vehicle_year,
        color: application.vehicle_color,
        license_plate: application.license_plate,
        seats: demoDriverSeats(n),
        status: 'verified',
        active: true,
        reviewed_at: now,
        reviewed_by: adminId,
      })
      .execute();
    await trx
      .insertInto('user_roles')
      .values({ user_id: userId, role: 'driver' })
      .onConflict((oc) => oc.columns(['user_id', 'role']).doNothing())
      .execute();
    return row;
  });
  return { n, email, userId, driverId: driver.id, verification_status: driver.verification_status };
}

/**
 * Driver n's week in the demo city (decision 0047), written once: a driver who has a schedule row already
 * (seeded on an earlier start, or changed or emptied on /driver-schedule since) keeps it. The row and its
 * blocks are written in one transaction, and the row's insert decides, so two processes seeding at once
 * write the week once.
 */
async function ensureSchedule(services: SeedServices, driver: SeededDriver) {
  await services.db.transaction().execute(async (trx) => {
    const made = await trx
      .insertInto('driver_schedules')
      .values({ driver_id: driver.driverId, city_id: DEMO_CITY_ID })
      .onConflict((oc) => oc.column('driver_id').doNothing())
      .returning('driver_id')
      .executeTakeFirst();
    if (!made) return;
    await trx
      .insertInto('driver_schedule_blocks')
      .values(
        demoDriverWeek(driver.n).map((b) => ({
          driver_id: driver.driverId,
          weekday: b.weekday,
          start_minute: toMinutes(b.start),
          end_minute: toMinutes(b.end),
        })),
      )
      .execute();
  });
}

/**
 * Idempotent: the demo rider, the demo admin, `driverCount` approved demo drivers with their cars and
 * weekly schedules, and `passengerCount` simulated riders' accounts.
 * Running it again (every start) creates only what is missing; San Francisco's city and prices come from
 * migration 0004.
 */
export async function seedDemo(services: SeedServices, driverCount: number, passengerCount = 0): Promise<DemoSeed> {
  const rider = await ensureUser(services, DEMO_RIDER_EMAIL, 'Riley Demo', DEMO_RIDER_PHONE);
  const admin = await ensureAdmin(services, DEMO_ADMIN_EMAIL, DEMO_PASSWORD);
  await ensureUser(services, DEMO_ADMIN_EMAIL, 'Demo Admin', DEMO_ADMIN_PHONE);
  // A staff member of each other role; given the role once, when the account is made (an owner's later
  // change, or removal, stays).
  for (const [i, role] of DEMO_STAFF_ROLES.entries()) {
    const person = await ensureUser(services, demoStaffEmail(role), `Demo ${role[0]!.toUpperCase()}${role.slice(1)}`, demoStaffPhone(i));
    if (person.created) await services.db.transaction().execute((trx) => grantStaff(trx, { userId: person.id, role, cityIds: null, invitedBy: admin.userId }));
  }

  const drivers: SeededDriver[] = [];
  // A few at a time: each new account costs a password hash (scrypt, tens of milliseconds).
  const numbers = Array.from({ length: driverCount }, (_, k) => k + 1);
  for (let k = 0; k < numbers.length; k += 4) {
    drivers.push(...(await Promise.all(numbers.slice(k, k + 4).map((n) => ensureDriver(services, n, admin.userId)))));
  }
  // Their weeks, where the demo city exists (migration 0004 makes it; a database may have removed it).
  if (await services.db.selectFrom('cities').select('id').where('id', '=', DEMO_CITY_ID).executeTakeFirst()) {
    // Its gazetteer (decision 0096): San Francisco's places are the demo city's seed data.
    await ensureDemoCityPlaces(services.db);
    for (const d of drivers) await ensureSchedule(services, d);
    // They drive in the demo city: a driver's city is explicit (decision 0074), none is never let online.
    if (drivers.length) {
      await services.db
        .updateTable('drivers')
        .set({ city_id: DEMO_CITY_ID })
        .where(
          'id',
          'in',
          drivers.map((d) => d.driverId),
        )
        .where('city_id', 'is', null)
        .execute();
    }
  }
  // Their papers: the demo city requires all five kinds, and its drivers carry them (decision 0053).
  await ensureDemoPapers(services, drivers, admin.userId);
  await ensureDemoPromotion(services.db, DEMO_CITY_ID, admin.userId); // decision 0063: DEMO20 on /book-ride
  // Decision 0067: Acme Logistics, its company admin, and the demo rider riding on its account.
  const companyAdmin = await ensureUser(services, DEMO_COMPANY_ADMIN_EMAIL, 'Casey Acme', DEMO_COMPANY_ADMIN_PHONE);
  await ensureDemoCompany(services.db, DEMO_CITY_ID, { adminId: admin.userId, companyAdminId: companyAdmin.id, riderId: rider.id });
  const passengers: DemoSeed['passengers'] = [];
  for (let n = 1; n <= passengerCount; n++) {
    await ensureUser(services, demoPassengerEmail(n), demoPassengerName(n), demoPassengerPhone(n));
    passengers.push({ n, email: demoPassengerEmail(n) });
  }
  return { riderId: rider.id, adminId: admin.userId, drivers, passengers };
}
