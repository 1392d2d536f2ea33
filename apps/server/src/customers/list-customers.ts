import type { customersQuerySchema } from '@openride/shared/customers/schemas';
import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../db/schema';
import type { CsvColumn } from '../lib/csv';
import { containsPattern, keysetPage, type KeysetSpec } from '../lib/keyset';
import { cityCondition } from '../roles/city-scope';

type Query = z.output<typeof customersQuerySchema>;

const spec: KeysetSpec<Query['sort']> = {
  sorts: {
    last_active: { expr: sql`coalesce(s.last_ride_at, "user"."createdAt")`, type: 'timestamptz' },
    created_at: { expr: 'user.createdAt', type: 'timestamptz' },
    rides: { expr: sql`coalesce(s.rides_completed, 0)`, type: 'numeric' },
    name: { expr: sql`lower("user"."name")`, type: 'text' },
  },
  id: { ref: 'user.id', type: 'text' },
};

const round1 = (v: unknown) => (v === null || v === undefined ? null : Math.round(Number(v) * 10) / 10);

/**
 * /customer-management: riders (accounts that are neither admins nor drivers) with their rides taken,
 * cancellations, ratings given and received and last activity. Search by name, email or phone.
 * The console's city (`query.city`, decision 0091) keeps the riders with a ride in it; without one, every
 * rider, whatever the staff member's cities: riders are not a city's (a Madrid member finds any rider).
 */
export async function listCustomers(db: Kysely<DB>, query: Query) {
  let rows = customerRows(db)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('user_roles').select('user_id').whereRef('user_roles.user_id', '=', 'user.id').where('user_roles.role', 'in', ['admin', 'driver']),
        ),
      ),
    )
    .where((eb) => eb.not(eb.exists(eb.selectFrom('drivers').select('id').whereRef('drivers.user_id', '=', 'user.id'))));
  if (query.q) {
    const like = containsPattern(query.q);
    rows = rows.where((eb) => eb.or([eb('user.name', 'ilike', like), eb('user.email', 'ilike', like), eb('profiles.phone', 'ilike', like)]));
  }
  if (query.blocked) rows = rows.where('profiles.blocked_at', query.blocked === 'yes' ? 'is not' : 'is', null);
  // A rider's cities are those of their rides; no scope here (null), only the city chosen.
  const inCity = cityCondition('cr.city_id', null, query.city);
  if (inCity) rows = rows.where(sql<boolean>`exists (select 1 from rides cr where cr.rider_id = "user".id and ${inCity})`);
  const page = await keysetPage(db, rows, spec, query);
  return { ...page, items: page.items.map(toCustomer) };
}

/** A rider row's numbers as the wire wants them (counts come back from SQL as strings on PostgreSQL). */
function toCustomer<
  R extends {
    rides_completed: unknown;
    cancellations: unknown;
    late_cancels_30d: unknown;
    no_shows_30d: unknown;
    fees_30d: Record<string, unknown>;
    rating_given: unknown;
    rating_received: unknown;
  },
>(c: R) {
  return {
    ...c,
    rides_completed: Number(c.rides_completed),
    cancellations: Number(c.cancellations),
    late_cancels_30d: Number(c.late_cancels_30d),
    no_shows_30d: Number(c.no_shows_30d),
    fees_30d: Object.fromEntries(Object.entries(c.fees_30d).map(([currency, cents]) => [currency, Number(cents)])),
    rating_given: round1(c.rating_given),
    rating_received: round1(c.rating_received),
  };
}

/** One account's row as /customer-management shows it (any account: a driver may ride too); undefined if none. */
export async function findCustomer(db: Kysely<DB>, id: string) {
  const row = await customerRows(db).where('user.id', '=', id).executeTakeFirst();
  return row ? toCustomer(row) : undefined;
}

/** Every account with a profile, with its ride counts, ratings and last activity, ready to filter and page. */
function customerRows(db: Kysely<DB>) {
  const rideStats = db
    .selectFrom('rides')
    .select((eb) => [
      'rider_id',
      sql<number>`count(*) filter (where status = 'completed')`.as('rides_completed'),
      sql<number>`count(*) filter (where status = 'cancelled' and cancelled_by = 'rider')`.as('cancellations'),
      // Repeated cancellations (decision 0033): fees charged (not waived) in the last 30 days.
      sql<number>`count(*) filter (where cancellation_fee_reason = 'late_cancel' and cancellation_fee_waived = false and cancelled_at > now() - interval '30 days')`.as(
        'late_cancels_30d',
      ),
      sql<number>`count(*) filter (where cancellation_fee_reason = 'no_show' and cancellation_fee_waived = false and cancelled_at > now() - interval '30 days')`.as(
        'no_shows_30d',
      ),
      eb.fn.max('requested_at').as('last_ride_at'),
    ])
    .groupBy('rider_id');
  // Their fees (not waived) in the last 30 days, per currency: two currencies are never added (issue 29 §3).
  const feesByCurrency = db
    .selectFrom('rides')
    .select(['rider_id', 'currency', sql<number>`sum(cancellation_fee_cents)`.as('cents')])
    .where('cancellation_fee_cents', '>', 0)
    .where('cancellation_fee_waived', '=', false)
    .where(sql<boolean>`cancelled_at > now() - interval '30 days'`)
    .groupBy(['rider_id', 'currency']);
  const fees = db
    .selectFrom(feesByCurrency.as('fc'))
    .select(['fc.rider_id', sql<Record<string, number>>`jsonb_object_agg(fc.currency, fc.cents)`.as('by_currency')])
    .groupBy('fc.rider_id');
  const given = db
    .selectFrom('ride_ratings')
    .select(['rater_id', sql<number>`avg(stars)`.as('avg')])
    .where('rater_role', '=', 'rider')
    .groupBy('rater_id');
  const received = db
    .selectFrom('ride_ratings')
    .select(['ratee_id', sql<number>`avg(stars)`.as('avg')])
    .where('rater_role', '=', 'driver')
    .groupBy('ratee_id');

  return db
    .selectFrom('user')
    .innerJoin('profiles', 'profiles.id', 'user.id')
    .leftJoin(rideStats.as('s'), 's.rider_id', 'user.id')
    .leftJoin(fees.as('f'), 'f.rider_id', 'user.id')
    .leftJoin(given.as('g'), 'g.rater_id', 'user.id')
    .leftJoin(received.as('r'), 'r.ratee_id', 'user.id')
    .select([
      'user.id',
      'user.name',
      'user.email',
      'profiles.phone',
      sql<string>`to_char("user"."createdAt" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as('created_at'),
      sql<string>`to_char(coalesce(s.last_ride_at, "user"."createdAt") at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as('last_active'),
      sql<number>`coalesce(s.rides_completed, 0)`.as('rides_completed'),
      sql<number>`coalesce(s.cancellations, 0)`.as('cancellations'),
      sql<number>`coalesce(s.late_cancels_30d, 0)`.as('late_cancels_30d'),
      sql<number>`coalesce(s.no_shows_30d, 0)`.as('no_shows_30d'),
      sql<Record<string, number>>`coalesce(f.by_currency, '{}'::jsonb)`.as('fees_30d'),
      sql<number | null>`g.avg`.as('rating_given'),
      sql<number | null>`r.avg`.as('rating_received'),
      sql<boolean>`profiles.blocked_at is not null`.as('blocked'),
      'profiles.blocked_reason',
    ]);
}

/** Fees per currency as one cell, minor units labelled by their currency: { USD: 300, EUR: 500 } → "EUR 500; USD 300". */
const feesText = (fees: Record<string, number>) =>
  Object.keys(fees)
    .sort()
    .map((currency) => `${currency} ${fees[currency]}`)
    .join('; ');

type CustomerRow = Awaited<ReturnType<typeof listCustomers>>['items'][number];

export const CUSTOMERS_CSV: CsvColumn<CustomerRow>[] = [
  { header: 'Name', value: (r) => r.name },
  { header: 'Email', value: (r) => r.email },
  { header: 'Phone', value: (r) => r.phone },
  { header: 'Rides completed', value: (r) => r.rides_completed },
  { header: 'Cancellations', value: (r) => r.cancellations },
  { header: 'Late cancels (30 days)', value: (r) => r.late_cancels_30d },
  { header: 'No-shows (30 days)', value: (r) => r.no_shows_30d },
  { header: 'Cancellation fees (30 days, minor units per currency)', value: (r) => feesText(r.fees_30d) },
  { header: 'Rating given', value: (r) => r.rating_given },
  { header: 'Rating received', value: (r) => r.rating_received },
  { header: 'Last active', value: (r) => r.last_active },
  { header: 'Blocked', value: (r) => (r.blocked ? 'yes' : 'no') },
  { header: 'Id', value: (r) => r.id },
];
