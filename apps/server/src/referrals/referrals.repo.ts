import { randomInt } from 'node:crypto';
import { DEVICE_ID_PATTERN, REFERRAL_CODE_ALPHABET, REFERRAL_CODE_LENGTH, type ReferralFlag, type ReferralProgram } from '@openride/shared/referrals/schemas';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';
import { isUniqueViolation } from '../lib/errors';

type Db = Kysely<DB>;

/** A fresh code: 8 characters of the look-alike-free alphabet (31^8 ≈ 8.5·10^11 codes). */
export function newReferralCode() {
  let code = '';
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i++) code += REFERRAL_CODE_ALPHABET[randomInt(REFERRAL_CODE_ALPHABET.length)];
  return code;
}

/** The user's newest approved driver record, or null (the driver program is for approved drivers). */
export async function approvedDriverIdOf(db: Db, userId: string) {
  const row = await db
    .selectFrom('drivers')
    .select(['id', 'reviewed_at', 'created_at'])
    .where('user_id', '=', userId)
    .where('verification_status', '=', 'approved')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

/** The user's code in a program, made on first use (a clash of random codes, or a racing first read, tries again). */
export async function ensureCode(db: Db, userId: string, program: ReferralProgram): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const existing = await db.selectFrom('referral_codes').select('code').where('user_id', '=', userId).where('program', '=', program).executeTakeFirst();
    if (existing) return existing.code;
    try {
      await db
        .insertInto('referral_codes')
        .values({ user_id: userId, program, code: newReferralCode() })
        .onConflict((oc) => oc.columns(['user_id', 'program']).doNothing())
        .execute();
    } catch (err) {
      if (!isUniqueViolation(err, 'referral_codes_code_key')) throw err;
    }
  }
  throw new Error('referrals: could not make a unique code');
}

/** The default settings of a program (decision 0069): the claim's (the new person's city is not known yet), and every city's without its own. */
export async function defaultProgramOf(db: Db, program: ReferralProgram) {
  const row = await db.selectFrom('referral_programs').selectAll().where('program', '=', program).where('city_id', 'is', null).executeTakeFirstOrThrow();
  return { ...row, expiry_days: row.expiry_days ?? 90 };
}

/** The settings a city's referrals qualify and pay with: the city's own, else the default (decision 0069). */
export async function programOf(db: Db, program: ReferralProgram, cityId: string | null) {
  const own = cityId
    ? await db.selectFrom('referral_programs').selectAll().where('program', '=', program).where('city_id', '=', cityId).executeTakeFirst()
    : undefined;
  return own ?? (await defaultProgramOf(db, program));
}

/**
 * A person's city for a program (decision 0069): the city of their first completed ride — as rider in the rider
 * program, as driver in the driver program. Null before any. It never changes once known, so the settings a
 * referral is measured with do not move under it.
 */
export async function cityOf(db: Db, program: ReferralProgram, userId: string): Promise<string | null> {
  let rides = db.selectFrom('rides as x').select('x.city_id').where('x.status', '=', 'completed');
  rides =
    program === 'rider'
      ? rides.where('x.rider_id', '=', userId)
      : rides.where('x.driver_id', 'in', (eb) => eb.selectFrom('drivers').select('id').where('user_id', '=', userId));
  const row = await rides.orderBy('x.completed_at', 'asc').orderBy('x.id', 'asc').limit(1).executeTakeFirst();
  return row?.city_id ?? null;
}

/** The ride that met a referral's condition: the referee's first (rider program) or Nth counting ride (driver program), or null. */
export async function qualifyingRide(db: Db, r: { program: ReferralProgram; referee_id: string }, settings: { rides_required: number; within_days: number }) {
  const n = r.program === 'rider' ? 1 : settings.rides_required;
  const { rows } =
    r.program === 'rider'
      ? await sql<{ id: string; completed_at: Date }>`
          select id, completed_at from rides where rider_id = ${r.referee_id} and status = 'completed'
          order by completed_at, id offset ${n - 1} limit 1`.execute(db)
      : await sql<{ id: string; completed_at: Date }>`
          select x.id, x.completed_at from rides x join drivers d on d.id = x.driver_id
          where d.user_id = ${r.referee_id} and x.status = 'completed' and d.verification_status = 'approved'
            and x.completed_at >= coalesce(d.reviewed_at, d.created_at)
            and x.completed_at <= coalesce(d.reviewed_at, d.created_at) + make_interval(days => ${settings.within_days})
          order by x.completed_at, x.id offset ${n - 1} limit 1`.execute(db);
  return rows[0] ?? null;
}

/**
 * Remembers that the user uses this device (the web's random id, sent as `x-device-id`). Anything that is not
 * such an id is ignored: a missing header is no device, never a refusal.
 */
export async function recordDevice(db: Db, userId: string, deviceId: string | undefined | null) {
  if (!deviceId || !DEVICE_ID_PATTERN.test(deviceId)) return;
  await db
    .insertInto('user_devices')
    .values({ user_id: userId, device_id: deviceId })
    .onConflict((oc) => oc.columns(['user_id', 'device_id']).doUpdateSet({ last_seen_at: new Date() }))
    .execute();
}

/**
 * The fraud rules (decision 0064), first hit wins: the two share a phone number (their profiles' or driver
 * records', digits compared), a payment card (no fingerprint is stored: the same brand, last 4 and expiry,
 * removed cards included), or a device (a device id both have used). Null when none.
 */
export async function fraudFlag(db: Db, referrerId: string, refereeId: string): Promise<ReferralFlag | null> {
  // Digits only, a leading US 1 dropped: the phone-conflict rule's reading (profiles_phone_key_idx).
  const digits = (col: string) => sql`regexp_replace(regexp_replace(${sql.ref(col)}, '[^0-9]', '', 'g'), '^1([0-9]{10})$', '\\1')`;
  const phones = (id: string) => sql`
    select ${digits('phone')} as p from profiles where id = ${id} and phone is not null
    union select ${digits('phone')} from drivers where user_id = ${id}`;
  const { rows } = await sql<{ phone: boolean; card: boolean; device: boolean }>`
    select
      exists (select 1 from (${phones(referrerId)}) a join (${phones(refereeId)}) b on a.p = b.p where length(a.p) >= 7) as phone,
      exists (select 1 from payment_cards a join payment_cards b
              on a.brand = b.brand and a.last4 = b.last4 and a.exp_month = b.exp_month and a.exp_year = b.exp_year
              where a.user_id = ${referrerId} and b.user_id = ${refereeId}) as card,
      exists (select 1 from user_devices a join user_devices b on a.device_id = b.device_id
              where a.user_id = ${referrerId} and b.user_id = ${refereeId}) as device`.execute(db);
  const hit = rows[0];
  if (hit?.phone) return 'shared_phone';
  if (hit?.card) return 'shared_card';
  if (hit?.device) return 'shared_device';
  return null;
}

/**
 * Completed rides that count toward a referral: the rider program counts the referee's rides as rider; the
 * driver program the rides the referee drove from their approval to `within_days` after it.
 */
export async function ridesDone(db: Db, r: { program: ReferralProgram; referee_id: string }, within_days: number) {
  if (r.program === 'rider') {
    const row = await db
      .selectFrom('rides')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('rider_id', '=', r.referee_id)
      .where('status', '=', 'completed')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
  const { rows } = await sql<{ n: string }>`
    select count(*) as n from rides x join drivers d on d.id = x.driver_id
    where d.user_id = ${r.referee_id} and x.status = 'completed' and d.verification_status = 'approved'
      and x.completed_at >= coalesce(d.reviewed_at, d.created_at)
      and x.completed_at <= coalesce(d.reviewed_at, d.created_at) + make_interval(days => ${within_days})`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
