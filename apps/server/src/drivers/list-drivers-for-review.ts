import type { adminDriversQuerySchema } from '@openride/shared/admin/drivers';
import { DOCUMENT_KINDS, type DocumentKind } from '@openride/shared/compliance/schemas';
import type { DriverComplianceState, DriverVerificationStatus } from '@openride/shared/drivers/schemas';
import { sql } from 'kysely';
import type { z } from 'zod';
import { complianceCityExpr, heldKindsIn } from '../compliance/compliance.repo';
import type { CsvColumn } from '../lib/csv';
import { containsPattern, keysetPage, type KeysetSpec } from '../lib/keyset';
import { DRIVER_COLUMNS } from './drivers.repo';
import type { Ports } from '../ports';
import { type CityScope, cityCondition } from '../roles/city-scope';

type Query = z.output<typeof adminDriversQuerySchema>;

const spec: KeysetSpec<Query['sort']> = {
  sorts: {
    created_at: { expr: 'drivers.created_at', type: 'timestamptz' },
    full_name: { expr: sql`lower(drivers.full_name)`, type: 'text' },
    updated_at: { expr: 'drivers.updated_at', type: 'timestamptz' },
  },
  id: { ref: 'drivers.id', type: 'uuid' },
};

/** DOCUMENT_KINDS' order, for the held kinds a row lists. */
const KIND_ORDER = sql`array[${sql.join(DOCUMENT_KINDS.map((k) => sql.lit(k)))}]::text[]`;

/**
 * The admin review list: every driver field, the applicant's email and the review so far, a page at a time;
 * for an approved driver, whether they are on compliance hold in their city and which kinds hold them
 * (decision 0053): the rule of `isCompliantIn` per row, in the same statement (a lateral subquery).
 */
export function listDriversForReview(services: Pick<Ports, 'db'>, query: Query, scope: CityScope = null) {
  let rows = services.db
    .selectFrom('drivers')
    .innerJoin('user', 'user.id', 'drivers.user_id')
    // The active vehicle (at most one: a probe of vehicles_one_active_idx), for its verification status.
    .leftJoin('vehicles', (join) => join.onRef('vehicles.driver_id', '=', 'drivers.id').on('vehicles.active', '=', true))
    // The required kinds not valid today in the driver's city (the one going online checks).
    .innerJoinLateral(
      sql<{
        kinds: DocumentKind[];
      }>`(select array(select k.kind from (${heldKindsIn(complianceCityExpr)}) k order by array_position(${KIND_ORDER}, k.kind)) as kinds)`.as('held'),
      (join) => join.onTrue(),
    )
    .select((eb) => [
      ...DRIVER_COLUMNS.filter((column) => column !== 'verification_status').map((column) => `drivers.${column}` as const),
      // A text column only ever written from DRIVER_VERIFICATION_STATUSES (applying, reviewing).
      eb.ref('drivers.verification_status').$castTo<DriverVerificationStatus>().as('verification_status'),
      'drivers.user_id',
      'drivers.updated_at',
      'drivers.rejection_reason',
      'drivers.reviewed_at',
      'drivers.reviewed_by',
      'user.email',
      'vehicles.status as vehicle_status',
      sql<DriverComplianceState | null>`case when drivers.verification_status <> 'approved' then null when drivers.city_id is not null and cardinality(held.kinds) = 0 then 'ok' else 'on_hold' end`.as(
        'compliance',
      ),
      sql<DocumentKind[]>`case when drivers.verification_status = 'approved' then held.kinds else '{}'::text[] end`.as('held_kinds'),
    ]);
  const inCities = cityCondition('drivers.city_id', scope, query.city);
  if (inCities) rows = rows.where(inCities);
  if (query.status && query.status !== 'all') rows = rows.where('drivers.verification_status', '=', query.status);
  if (query.compliance) {
    // A driver whose city is unknown is on hold (decision 0074).
    const held = sql<boolean>`(drivers.city_id is null or cardinality(held.kinds) > 0)`;
    rows = rows.where('drivers.verification_status', '=', 'approved').where(query.compliance === 'ok' ? sql<boolean>`not ${held}` : held);
  }
  if (query.q) {
    const like = containsPattern(query.q);
    rows = rows.where((eb) =>
      eb.or([
        eb('drivers.full_name', 'ilike', like),
        eb('user.email', 'ilike', like),
        eb('drivers.phone', 'ilike', like),
        eb('drivers.license_plate', 'ilike', like),
        eb('drivers.license_number', 'ilike', like),
      ]),
    );
  }
  return keysetPage(services.db, rows, spec, query);
}

type DriverRow = Awaited<ReturnType<typeof listDriversForReview>>['items'][number];

export const DRIVERS_CSV: CsvColumn<DriverRow>[] = [
  { header: 'Name', value: (r) => r.full_name },
  { header: 'Email', value: (r) => r.email },
  { header: 'Phone', value: (r) => r.phone },
  { header: 'Status', value: (r) => r.verification_status },
  { header: 'License', value: (r) => r.license_number },
  { header: 'Vehicle', value: (r) => [r.vehicle_year, r.vehicle_color, r.vehicle_make, r.vehicle_model].join(' ') },
  { header: 'Plate', value: (r) => r.license_plate },
  { header: 'Vehicle status', value: (r) => r.vehicle_status },
  { header: 'Compliance', value: (r) => r.compliance },
  { header: 'Held by', value: (r) => r.held_kinds.join(' ') },
  { header: 'Applied', value: (r) => r.created_at },
  { header: 'Reviewed', value: (r) => r.reviewed_at },
  { header: 'Reason', value: (r) => r.rejection_reason },
  { header: 'Id', value: (r) => r.id },
];
