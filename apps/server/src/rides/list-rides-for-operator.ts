import type { adminRidesQuerySchema } from '@openride/shared/rides/operator';
import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../db/schema';
import type { CsvColumn } from '../lib/csv';
import { containsPattern, keysetPage, type KeysetSpec } from '../lib/keyset';
import { isRideId } from './rides.repo';
import { type CityScope, cityCondition } from '../roles/city-scope';

type Query = z.output<typeof adminRidesQuerySchema>;

const spec: KeysetSpec<Query['sort']> = {
  sorts: {
    requested_at: { expr: 'rides.requested_at', type: 'timestamptz' },
    fare: { expr: 'rides.fare_cents', type: 'numeric' },
  },
  id: { ref: 'rides.id', type: 'uuid' },
};

const validTz = (tz: string | undefined) => {
  if (!tz) return 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return tz;
  } catch {
    return 'UTC';
  }
};

/** /booking-management's list: every ride with its rider and driver, newest first by default. */
export async function listRidesForOperator(db: Kysely<DB>, query: Query, scope: CityScope = null) {
  let rows = db
    .selectFrom('rides')
    .innerJoin('user as rider', 'rider.id', 'rides.rider_id')
    .leftJoin('profiles as rider_profile', 'rider_profile.id', 'rides.rider_id')
    .leftJoin('drivers', 'drivers.id', 'rides.driver_id')
    .select([
      'rides.id',
      'rides.status',
      'rides.ride_type',
      sql<string>`to_char(rides.requested_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as('requested_at'),
      'rides.rider_id',
      'rider.name as rider_name',
      'rider.email as rider_email',
      'rides.driver_id',
      'drivers.full_name as driver_name',
      'rides.pickup_label',
      'rides.dropoff_label',
      'rides.fare_cents',
      'rides.currency',
      'rides.cancelled_by',
    ]);
  if (query.q) {
    const q = query.q;
    const like = containsPattern(q);
    rows = rows.where((eb) =>
      eb.or([
        ...(isRideId(q) ? [eb('rides.id', '=', q)] : []),
        eb('rider.name', 'ilike', like),
        eb('rider.email', 'ilike', like),
        eb('rider_profile.phone', 'ilike', like),
        eb('drivers.full_name', 'ilike', like),
        eb('drivers.phone', 'ilike', like),
        eb.exists(eb.selectFrom('user as du').select('du.id').whereRef('du.id', '=', 'drivers.user_id').where('du.email', 'ilike', like)),
      ]),
    );
  }
  const inCities = cityCondition('rides.city_id', scope, query.city);
  if (inCities) rows = rows.where(inCities);
  if (query.status) rows = rows.where('rides.status', '=', query.status);
  if (query.ride_type) rows = rows.where('rides.ride_type', '=', query.ride_type);
  if (query.rider_id) rows = rows.where('rides.rider_id', '=', query.rider_id);
  if (query.driver_id) rows = rows.where('rides.driver_id', '=', query.driver_id);
  const tz = validTz(query.tz);
  if (query.from) rows = rows.where(sql<boolean>`rides.requested_at >= (${query.from}::date)::timestamp at time zone ${tz}`);
  if (query.to) rows = rows.where(sql<boolean>`rides.requested_at < ((${query.to}::date) + 1)::timestamp at time zone ${tz}`);
  return keysetPage(db, rows, spec, query);
}

type Row = Awaited<ReturnType<typeof listRidesForOperator>>['items'][number];

export const RIDES_CSV: CsvColumn<Row>[] = [
  { header: 'Ride', value: (r) => r.id },
  { header: 'Requested', value: (r) => r.requested_at },
  { header: 'Status', value: (r) => r.status },
  { header: 'Ride type', value: (r) => r.ride_type },
  { header: 'Rider', value: (r) => r.rider_name },
  { header: 'Rider email', value: (r) => r.rider_email },
  { header: 'Driver', value: (r) => r.driver_name },
  { header: 'Pickup', value: (r) => r.pickup_label },
  { header: 'Destination', value: (r) => r.dropoff_label },
  { header: 'Fare (cents)', value: (r) => r.fare_cents },
  { header: 'Currency', value: (r) => r.currency },
  { header: 'Cancelled by', value: (r) => r.cancelled_by },
];
