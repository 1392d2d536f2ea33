import { complianceText } from '@openride/shared/compliance/compliance-text';
import { type ComplianceItemStatus, DOCUMENT_KINDS, type DocumentKind, EXPIRING_SOON_DAYS, VALID_ITEM_STATUSES } from '@openride/shared/compliance/schemas';
import type { ComplianceItem, DriverCompliance } from '@openride/shared/compliance/views';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB } from '../db/schema';
import { localDate } from '../payouts/local-dates';
import { driverCityText } from '@openride/shared/drivers/driver-city-text';

/**
 * The compliance rule (decision 0049) as a condition on a query over `drivers`: every kind of paper the city
 * requires is valid today in the city's calendar — an approved document of that kind whose last day is not
 * past, or, for insurance, a verified policy of the driver's active vehicle whose cover includes today.
 * Dispatch and going online read it in the same statement that decides, so an expiry at midnight holds the
 * driver at once, whatever the jobs have done yet. A city that requires nothing holds nobody. The query
 * must read the table as `drivers` (unaliased): `.where(isCompliantIn(cityId))`. `cityId` is a city's id, or
 * an SQL expression of one (the admin list's per-driver city).
 */
export function isCompliantIn(cityId: CityRef) {
  // An expression may be null (a driver whose city is unknown, decision 0074): never compliant then.
  if (typeof cityId !== 'string') return sql<boolean>`(${cityId} is not null and not exists (${heldKindsIn(cityId)}))`;
  return sql<boolean>`not exists (${heldKindsIn(cityId)})`;
}

/** A city's id as a value, or an SQL expression that yields one. */
type CityRef = string | RawBuilder<string>;

/**
 * The same rule, kind by kind: `select t.kind` of every kind the city requires that the driver (`drivers`,
 * unaliased) has no valid paper of today. Empty when the driver is compliant; the admin list shows these.
 */
export function heldKindsIn(cityId: CityRef) {
  const today = sql`(now() at time zone (select c.timezone from cities c where c.id = ${cityId}))::date`;
  return sql<DocumentKind>`select t.kind from document_types t
    where t.city_id = ${cityId} and t.required
      and not (case when t.kind = 'insurance' then exists (
          select 1 from insurance_policies p
          join vehicles v on v.id = p.vehicle_id and v.active
          where p.driver_id = drivers.id and v.driver_id = drivers.id and p.status = 'verified'
            and p.coverage_start <= ${today} and p.coverage_end >= ${today})
        else exists (
          select 1 from driver_documents d
          where d.driver_id = drivers.id and d.kind = t.kind and d.status = 'approved'
            and (d.expires_on is null or d.expires_on >= ${today}))
        end)`;
}

/**
 * `complianceCityOf` in SQL, for a query over `drivers`: the driver's own city (decision 0074), null when
 * unknown — the city going online checks, and /driver/{id} shows.
 */
export const complianceCityExpr = sql<string>`drivers.city_id`;

/** One paper of a driver as stored (a document, or a policy of the active vehicle), newest first. */
type Paper = {
  status: 'in_review' | 'approved' | 'rejected';
  starts_on: string | null;
  expires_on: string | null;
  rejection_reason: string | null;
};

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/** What one kind's card says, from the driver's papers of that kind (newest first) and today's date. Pure. */
export function itemOf(kind: DocumentKind, required: boolean, papers: Paper[], today: string): ComplianceItem {
  const label = complianceText.kinds[kind];
  const daysLeft = (date: string | null) => (date ? dayNumber(date) - dayNumber(today) : null);
  const isValid = (p: Paper) => p.status === 'approved' && (!p.expires_on || p.expires_on >= today) && (!p.starts_on || p.starts_on <= today);
  const valid = papers.find(isValid);
  const newest = papers[0];
  const base = { kind, label, required, rejection_reason: newest?.status === 'rejected' ? newest.rejection_reason : null };
  if (valid) {
    const left = daysLeft(valid.expires_on);
    const status: ComplianceItemStatus = left !== null && left <= EXPIRING_SOON_DAYS ? 'expiring' : 'approved';
    return { ...base, status, expires_on: valid.expires_on, days_left: left, renewal_in_review: newest !== valid && newest?.status === 'in_review' };
  }
  if (!newest) return { ...base, status: 'missing', expires_on: null, days_left: null, renewal_in_review: false };
  // Approved but not valid: ended, or (a policy) not started yet — then it waits like one in review.
  const status: ComplianceItemStatus = newest.status === 'approved' ? (newest.starts_on && newest.starts_on > today ? 'in_review' : 'expired') : newest.status;
  const expired = status === 'expired';
  return { ...base, status, expires_on: expired ? newest.expires_on : null, days_left: expired ? daysLeft(newest.expires_on) : null, renewal_in_review: false };
}

/**
 * The city a driver's papers are checked against: the one they chose at application or since (decision
 * 0074); null when unknown (a record from before, in a marketplace of several cities) — then they are held.
 */
export async function complianceCityOf(db: Kysely<DB>, driverId: string): Promise<{ id: string; name: string; timezone: string } | null> {
  const row = await db
    .selectFrom('drivers')
    .innerJoin('cities', 'cities.id', 'drivers.city_id')
    .select(['cities.id', 'cities.name', 'cities.timezone'])
    .where('drivers.id', '=', driverId)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * A driver's papers against a city's requirements (the driver's own city unless given): every kind the city
 * configures, whether they are on hold, and why. The same rule as `isCompliantIn`, spelled out for people.
 */
export async function complianceOf(db: Kysely<DB>, driverId: string, options: { cityId?: string; now?: Date } = {}): Promise<DriverCompliance> {
  const now = options.now ?? new Date();
  const city = options.cityId
    ? await db.selectFrom('cities').select(['id', 'name', 'timezone']).where('id', '=', options.cityId).executeTakeFirstOrThrow()
    : await complianceCityOf(db, driverId);
  // Unknown city: held, and told to choose one (decision 0074) — never judged against some other city.
  if (!city) return { city: null, on_hold: true, items: [], hold_reasons: [driverCityText.unknown] };
  const today = localDate(now, city.timezone);
  const [types, documents, policies] = await Promise.all([
    db.selectFrom('document_types').select(['kind', 'required']).where('city_id', '=', city.id).execute(),
    db
      .selectFrom('driver_documents')
      .select(['kind', 'status', sql<string | null>`to_char(expires_on, 'YYYY-MM-DD')`.as('expires_on'), 'rejection_reason'])
      .where('driver_id', '=', driverId)
      .where('status', '!=', 'superseded')
      .orderBy('created_at', 'desc')
      .execute(),
    db
      .selectFrom('insurance_policies as p')
      .innerJoin('vehicles as v', (join) => join.onRef('v.id', '=', 'p.vehicle_id').on('v.active', '=', true))
      .select([
        'p.status',
        sql<string>`to_char(p.coverage_start, 'YYYY-MM-DD')`.as('starts_on'),
        sql<string>`to_char(p.coverage_end, 'YYYY-MM-DD')`.as('expires_on'),
        'p.rejection_reason',
      ])
      .where('p.driver_id', '=', driverId)
      .where('v.driver_id', '=', driverId)
      .where('p.status', '!=', 'superseded')
      .orderBy('p.created_at', 'desc')
      .execute(),
  ]);
  const byKind = new Map(types.map((t) => [t.kind, t.required]));
  const items = DOCUMENT_KINDS.filter((kind) => byKind.has(kind)).map((kind) => {
    const papers: Paper[] =
      kind === 'insurance'
        ? policies.map((p) => ({
            status: p.status === 'verified' ? 'approved' : (p.status as 'in_review' | 'rejected'),
            starts_on: p.starts_on,
            expires_on: p.expires_on,
            rejection_reason: p.rejection_reason,
          }))
        : documents
            .filter((d) => d.kind === kind)
            .map((d) => ({ status: d.status as Paper['status'], starts_on: null, expires_on: d.expires_on, rejection_reason: d.rejection_reason }));
    return itemOf(kind, byKind.get(kind) ?? false, papers, today);
  });
  const holding = items.filter((i) => i.required && !VALID_ITEM_STATUSES.includes(i.status));
  return {
    city: { id: city.id, name: city.name },
    on_hold: holding.length > 0,
    items,
    hold_reasons: holding.map((i) => complianceText.holdReason(i.label, i.status, i)),
  };
}

/** What a new city's five kinds start as: nothing required until its operator says so (decision 0049). */
export const DEFAULT_DOCUMENT_TYPES: ReadonlyArray<{ kind: DocumentKind; expiry_required: boolean; sides: 'one' | 'front_back' }> = [
  { kind: 'driver_licence', expiry_required: true, sides: 'front_back' },
  { kind: 'vehicle_registration', expiry_required: true, sides: 'one' },
  { kind: 'insurance', expiry_required: true, sides: 'one' },
  { kind: 'profile_photo', expiry_required: false, sides: 'one' },
  { kind: 'background_check', expiry_required: true, sides: 'one' },
];

/** A new city's document types, in its creating transaction (as its other levers are seeded). */
export async function seedCityDocumentTypes(trx: Kysely<DB>, cityId: string) {
  await trx
    .insertInto('document_types')
    .values(DEFAULT_DOCUMENT_TYPES.map((t) => ({ city_id: cityId, ...t })))
    .onConflict((oc) => oc.columns(['city_id', 'kind']).doNothing())
    .execute();
}

/** Whether a driver record with this id exists (the admin read answers 404 otherwise). */
export async function driverExists(db: Kysely<DB>, driverId: string) {
  return Boolean(await db.selectFrom('drivers').select('id').where('id', '=', driverId).executeTakeFirst());
}
