import type { CityRecord } from '@openride/shared/admin/city-scope';
import { isUuid } from '@openride/shared/text';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB } from '../db/schema';
import type { StaffMember } from './staff.repo';

/** A staff member's cities: null for every city (decision 0091). */
export type CityScope = readonly string[] | null;

/** Whether a record of `cityId` is the staff member's to see. A record of no city yet (an applicant, a ticket about no ride) is everyone's. */
export const inCityScope = (cities: CityScope, cityId: string | null | undefined) => cities === null || cityId == null || cities.includes(cityId);

type Lookup = (db: Kysely<DB>, id: string) => Promise<{ city_id: string | null } | undefined>;

const own =
  (table: 'rides' | 'drivers' | 'zones' | 'promotions' | 'companies' | 'corporate_invoices' | 'payout_runs' | 'cancellation_policies' | 'referrals'): Lookup =>
  (db, id) =>
    db.selectFrom(table).select('city_id').where('id', '=', id).executeTakeFirst();

/** Where each kind of record's city is read: its own column, its ride's, its driver's or its run's. */
const CITY_OF: Record<CityRecord, Lookup> = {
  city: (db, id) => db.selectFrom('cities').select('id as city_id').where('id', '=', id).executeTakeFirst(),
  ride: own('rides'),
  driver: own('drivers'),
  zone: own('zones'),
  city_place: (db, id) => db.selectFrom('city_places').select('city_id').where('id', '=', id).executeTakeFirst(),
  promotion: own('promotions'),
  company: own('companies'),
  corporate_invoice: own('corporate_invoices'),
  payout_run: own('payout_runs'),
  cancellation_policy: own('cancellation_policies'),
  referral: own('referrals'),
  payout_item: (db, id) =>
    db
      .selectFrom('payout_items as i')
      .innerJoin('payout_runs', 'payout_runs.id', 'i.run_id')
      .select('payout_runs.city_id')
      .where('i.id', '=', id)
      .executeTakeFirst(),
  refund_request: (db, id) =>
    db.selectFrom('refund_requests as r').innerJoin('rides', 'rides.id', 'r.ride_id').select('rides.city_id').where('r.id', '=', id).executeTakeFirst(),
  sos_alert: (db, id) =>
    db.selectFrom('sos_alerts as s').innerJoin('rides', 'rides.id', 's.ride_id').select('rides.city_id').where('s.id', '=', id).executeTakeFirst(),
  support_ticket: (db, id) =>
    db.selectFrom('support_tickets as t').leftJoin('rides', 'rides.id', 't.ride_id').select('rides.city_id').where('t.id', '=', id).executeTakeFirst(),
  vehicle: (db, id) =>
    db.selectFrom('vehicles as v').innerJoin('drivers', 'drivers.id', 'v.driver_id').select('drivers.city_id').where('v.id', '=', id).executeTakeFirst(),
  document: (db, id) =>
    db
      .selectFrom('driver_documents as d')
      .innerJoin('drivers', 'drivers.id', 'd.driver_id')
      .select('drivers.city_id')
      .where('d.id', '=', id)
      .executeTakeFirst(),
  insurance_policy: (db, id) =>
    db
      .selectFrom('insurance_policies as p')
      .innerJoin('drivers', 'drivers.id', 'p.driver_id')
      .select('drivers.city_id')
      .where('p.id', '=', id)
      .executeTakeFirst(),
};

/**
 * Whether the record `id` of `kind` exists and is the staff member's to act on. One query, and only for a
 * staff member of some cities: one of every city reads nothing here.
 */
export async function recordInScope(db: Kysely<DB>, staff: StaffMember, kind: CityRecord, id: string): Promise<boolean> {
  if (staff.cityIds === null) return true;
  const city = await cityOfRecord(db, kind, id);
  return city !== undefined && inCityScope(staff.cityIds, city);
}

/**
 * The city of the record `id` of `kind` (one query, `CITY_OF`): undefined when nobody holds that id, null when
 * the record has no city yet. An id that is not a uuid reads nothing (it cannot name a record, and a bad uuid
 * would fail the caller's transaction).
 */
export async function cityOfRecord(db: Kysely<DB>, kind: CityRecord, id: string): Promise<string | null | undefined> {
  if (kind !== 'city' && !isUuid(id)) return undefined;
  return (await CITY_OF[kind](db, id))?.city_id;
}

const CITY_FIELDS = ['city', 'city_id', 'city_ids'] as const;

/** The cities a request names itself (`city`, `city_id`, `city_ids` in its path, query or body). */
export function citiesNamed(...parts: unknown[]): string[] {
  const named: string[] = [];
  for (const part of parts) {
    if (!part || typeof part !== 'object') continue;
    for (const field of CITY_FIELDS) {
      const value = (part as Record<string, unknown>)[field];
      if (typeof value === 'string') named.push(value);
      else if (Array.isArray(value)) named.push(...value.filter((v): v is string => typeof v === 'string'));
    }
  }
  return named;
}

/**
 * A list's condition on `column` (a city id column) for a staff member's cities and the city they chose in the
 * console's selector (`city`, already checked to be one of theirs by mount): null when nothing is filtered.
 * Rows of no city (an applicant who has not chosen one) stay in every scoped list, as `inCityScope` says.
 */
export function cityCondition(column: string, scope: CityScope, city?: string | null): RawBuilder<boolean> | null {
  if (city) return sql<boolean>`${sql.ref(column)} = ${city}`;
  if (scope === null) return null;
  return sql<boolean>`(${sql.ref(column)} is null or ${sql.ref(column)} = any(${sql.val([...scope])}::text[]))`;
}

/** `cityCondition` for a query that always takes a condition: true where nothing is filtered. */
export const cityWhere = (column: string, scope: CityScope): RawBuilder<boolean> => cityCondition(column, scope) ?? sql<boolean>`true`;
