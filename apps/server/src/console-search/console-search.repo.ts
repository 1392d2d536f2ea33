import { SEARCH_HITS_PER_KIND, type SearchHit, searchHitPath } from '@openride/shared/admin/search-api';
import { searchHitText } from '@openride/shared/admin/search-hit-text';
import { promotionsText } from '@openride/shared/promotions/promotions-text';
import type { PromotionStatus } from '@openride/shared/promotions/schemas';
import { parseTicketNumber } from '@openride/shared/support/schemas';
import { type Expression, type Kysely, sql, type SqlBool } from 'kysely';
import type { DB } from '../db/schema';
import { containsPattern, escapeLike } from '../lib/keyset';
import { effectiveStatusSql } from '../promotions/promotions.repo';
import { type CityScope, cityWhere } from '../roles/city-scope';

/** A staff member's cities: null for every city. */
export type Cities = CityScope;

const LIMIT = SEARCH_HITS_PER_KIND;
const hit = (kind: SearchHit['kind'], id: string, title: string, subtitle: string | null): SearchHit => ({
  kind,
  id,
  title,
  subtitle,
  path: searchHitPath(kind, id),
});

/** `term%` for ILIKE, taken literally: what ranks a name that starts with the words above one that contains them. */
const startsWith = (q: string) => `${escapeLike(q)}%`;

/**
 * The uuids an id or id prefix covers, as a range the primary key's index answers (`id between lo and hi`): a
 * whole uuid is a range of one, six hex digits or more (dashes anywhere) a prefix; anything else no range.
 */
export function uuidRange(q: string): { lo: string; hi: string } | null {
  const hex = q.replace(/-/g, '').toLowerCase();
  if (!/^[0-9a-f]{6,32}$/.test(hex)) return null;
  const form = (h: string) => `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  return { lo: form(hex.padEnd(32, '0')), hi: form(hex.padEnd(32, 'f')) };
}

/** The digits of a phone number typed with its punctuation ("(415) 555-0100"); null when it is not one. */
function phoneDigits(q: string): string | null {
  if (!/^[\d\s()+.-]+$/.test(q)) return null;
  const digits = q.replace(/\D/g, '');
  return digits.length >= 3 ? digits : null;
}
/** A stored phone's digits, for comparing with what was typed whatever the punctuation. */
const digitsOf = (column: Expression<string | null>) => sql<string>`regexp_replace(${column}, '\\D', '', 'g')`;

/** Rides by id or id prefix, newest first. */
export async function searchRides(db: Kysely<DB>, q: string, cities: Cities): Promise<SearchHit[]> {
  const range = uuidRange(q);
  if (!range) return [];
  const rows = await db
    .selectFrom('rides')
    .innerJoin('user as rider', 'rider.id', 'rides.rider_id')
    .select(['rides.id', 'rides.status', 'rides.pickup_label', 'rides.dropoff_label', 'rider.name as rider_name'])
    .where(sql<SqlBool>`rides.id between ${range.lo}::uuid and ${range.hi}::uuid`)
    .where(cityWhere('rides.city_id', cities))
    .orderBy('rides.requested_at', 'desc')
    .orderBy('rides.id')
    .limit(LIMIT)
    .execute();
  return rows.map((r) =>
    hit(
      'ride',
      r.id,
      searchHitText.ride(r.id),
      searchHitText.rideSubtitle({ riderName: r.rider_name, status: r.status, pickup: r.pickup_label, dropoff: r.dropoff_label }),
    ),
  );
}

/**
 * Riders (accounts that are neither staff nor drivers, as /customer-management lists them) by name, email or
 * phone; names that start with the words first. A rider belongs to no city: every member who may read riders
 * finds them.
 */
export async function searchRiders(db: Kysely<DB>, q: string): Promise<SearchHit[]> {
  const like = containsPattern(q);
  const digits = phoneDigits(q);
  const rows = await db
    .selectFrom('user')
    .innerJoin('profiles', 'profiles.id', 'user.id')
    .select(['user.id', 'user.name', 'user.email', 'profiles.phone'])
    .where((eb) =>
      eb.or([
        eb('user.name', 'ilike', like),
        eb('user.email', 'ilike', like),
        eb('profiles.phone', 'ilike', like),
        ...(digits ? [eb(digitsOf(eb.ref('profiles.phone')), 'like', `%${digits}%`)] : []),
      ]),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('user_roles')
            .select('user_roles.user_id')
            .whereRef('user_roles.user_id', '=', 'user.id')
            .where('user_roles.role', 'in', ['admin', 'driver']),
        ),
      ),
    )
    .where((eb) => eb.not(eb.exists(eb.selectFrom('drivers').select('drivers.id').whereRef('drivers.user_id', '=', 'user.id'))))
    .orderBy(sql`"user"."name" ilike ${startsWith(q)}`, 'desc')
    .orderBy(sql`lower("user"."name")`)
    .orderBy('user.id')
    .limit(LIMIT)
    .execute();
  return rows.map((r) => hit('rider', r.id, r.name, searchHitText.rider({ email: r.email, phone: r.phone })));
}

/** Drivers by name, email, phone or plate, in the member's cities; names that start with the words first. */
export async function searchDrivers(db: Kysely<DB>, q: string, cities: Cities): Promise<SearchHit[]> {
  const like = containsPattern(q);
  const digits = phoneDigits(q);
  // A plate is stored as the driver typed it: "7ABC 123" is found by "7abc123" too.
  const plate = q.replace(/[\s-]/g, '');
  const rows = await db
    .selectFrom('drivers')
    .innerJoin('user', 'user.id', 'drivers.user_id')
    .select([
      'drivers.id',
      'drivers.full_name',
      'drivers.phone',
      'drivers.license_plate',
      'drivers.vehicle_color',
      'drivers.vehicle_make',
      'drivers.vehicle_model',
      'user.email',
    ])
    .where((eb) =>
      eb.or([
        eb('drivers.full_name', 'ilike', like),
        eb('user.email', 'ilike', like),
        eb('drivers.phone', 'ilike', like),
        eb('drivers.license_plate', 'ilike', like),
        ...(plate.length >= 2 ? [eb(sql<string>`replace(replace(drivers.license_plate, ' ', ''), '-', '')`, 'ilike', containsPattern(plate))] : []),
        ...(digits ? [eb(digitsOf(eb.ref('drivers.phone')), 'like', `%${digits}%`)] : []),
      ]),
    )
    .where(cityWhere('drivers.city_id', cities))
    .orderBy(sql`drivers.full_name ilike ${startsWith(q)}`, 'desc')
    .orderBy(sql`lower(drivers.full_name)`)
    .orderBy('drivers.id')
    .limit(LIMIT)
    .execute();
  return rows.map((d) =>
    hit(
      'driver',
      d.id,
      d.full_name,
      searchHitText.driver({
        plate: d.license_plate,
        vehicle: [d.vehicle_color, d.vehicle_make, d.vehicle_model].join(' '),
        email: d.email,
        phone: d.phone,
      }),
    ),
  );
}

/**
 * Support tickets by number (T-42, 42), id or id prefix, or subject; the newest first. A ticket's city is its
 * ride's: one about no ride is everyone's.
 */
export async function searchTickets(db: Kysely<DB>, q: string, cities: Cities): Promise<SearchHit[]> {
  const n = parseTicketNumber(q);
  const range = uuidRange(q);
  let query = db
    .selectFrom('support_tickets as t')
    .leftJoin('rides', 'rides.id', 't.ride_id')
    .leftJoin('user as r', 'r.id', 't.requester_id')
    .select(['t.id', 't.number', 't.subject', 't.status', sql<string | null>`coalesce(r.name, t.requester_name)`.as('requester')])
    .where((eb) =>
      eb.or([
        eb('t.subject', 'ilike', containsPattern(q)),
        ...(n !== undefined ? [eb('t.number', '=', n)] : []),
        ...(range ? [sql<SqlBool>`t.id between ${range.lo}::uuid and ${range.hi}::uuid`] : []),
      ]),
    )
    .where(cityWhere('rides.city_id', cities));
  // The ticket of that number first, then the newest.
  if (n !== undefined) query = query.orderBy(sql`t.number = ${n}`, 'desc');
  const rows = await query.orderBy('t.created_at', 'desc').orderBy('t.id').limit(LIMIT).execute();
  return rows.map((t) => hit('ticket', t.id, t.subject, searchHitText.ticket({ number: t.number, status: t.status, requester: t.requester })));
}

/** Promo codes by code, in the member's cities; codes that start with the words first. */
export async function searchPromotions(db: Kysely<DB>, q: string, cities: Cities): Promise<SearchHit[]> {
  const rows = await db
    .selectFrom('promotions as p')
    .innerJoin('cities', 'cities.id', 'p.city_id')
    .select(['p.id', 'p.code', 'p.description', 'cities.name as city', effectiveStatusSql.as('status')])
    .where('p.code', 'ilike', containsPattern(q))
    .where(cityWhere('p.city_id', cities))
    .orderBy(sql`p.code ilike ${startsWith(q)}`, 'desc')
    .orderBy('p.code')
    .orderBy('p.id')
    .limit(LIMIT)
    .execute();
  return rows.map((p) =>
    hit(
      'promotion',
      p.id,
      p.code,
      searchHitText.promotion({ status: promotionsText.statuses[p.status as PromotionStatus] ?? null, city: p.city, description: p.description }),
    ),
  );
}

/** Companies by name, in the member's cities; names that start with the words first. */
export async function searchCompanies(db: Kysely<DB>, q: string, cities: Cities): Promise<SearchHit[]> {
  const rows = await db
    .selectFrom('companies as c')
    .innerJoin('cities', 'cities.id', 'c.city_id')
    .select(['c.id', 'c.name', 'c.billing_email', 'cities.name as city'])
    .where('c.name', 'ilike', containsPattern(q))
    .where(cityWhere('c.city_id', cities))
    .orderBy(sql`c.name ilike ${startsWith(q)}`, 'desc')
    .orderBy(sql`lower(c.name)`)
    .orderBy('c.id')
    .limit(LIMIT)
    .execute();
  return rows.map((c) => hit('company', c.id, c.name, searchHitText.company({ city: c.city, email: c.billing_email })));
}
