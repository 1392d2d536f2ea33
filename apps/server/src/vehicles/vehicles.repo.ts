import { VEHICLE_MACHINE } from '@openride/shared/vehicles/vehicle-state';
import type { RideType } from '@openride/shared/rides/schemas';
import { defaultVehicleRules, rideTypesFor, type VehicleRules } from '@openride/shared/vehicles/schemas';
import type { Vehicle } from '@openride/shared/vehicles/views';
import { type ExpressionBuilder, type Kysely, type Selectable, sql } from 'kysely';
import type { DB, VehiclesTable } from '../db/schema';
import { moveAll } from '../lib/move';

export type VehicleRow = Selectable<VehiclesTable>;
export const VEHICLE_COLUMNS = [
  'id',
  'driver_id',
  'make',
  'model',
  'year',
  'color',
  'license_plate',
  'seats',
  'status',
  'rejection_reason',
  'active',
  'reviewed_at',
  'reviewed_by',
  'created_at',
  'updated_at',
  'photo_file_ids',
] as const;

/** A uuid[] as the driver hands it over: an array (node-postgres, PGlite), or its text form `{a,b}` from a driver that does not parse it. */
export function photoIdsOf(value: string[] | string | null): string[] {
  if (Array.isArray(value)) return value;
  if (!value || value === '{}') return [];
  return value.replace(/^\{|\}$/g, '').split(',');
}

/** A vehicle as /vehicles shows it: with the ride types it takes in each city (rideTypesFor). */
export function vehicleView(row: VehicleRow, cities: { city_id: string; city_name: string; rules: VehicleRules }[]): Vehicle {
  return {
    id: row.id,
    driver_id: row.driver_id,
    make: row.make,
    model: row.model,
    year: row.year,
    color: row.color,
    license_plate: row.license_plate,
    seats: row.seats,
    status: row.status,
    rejection_reason: row.rejection_reason,
    active: row.active,
    photo_ids: photoIdsOf(row.photo_file_ids),
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
    ride_types: cities.map((c) => ({ city_id: c.city_id, city_name: c.city_name, ride_types: rideTypesFor(row, c.rules) })),
  };
}

/**
 * Dispatch's rule (decision 0046), as a condition on a query over `drivers`: the driver's active vehicle is
 * verified and qualifies for the ride type under the city's rules (read in the same query, the defaults when
 * the city has no row: no extra round trip). One probe of `vehicles_one_active_idx` per candidate driver.
 */
export function hasQualifyingVehicle(eb: ExpressionBuilder<DB, 'drivers'>, rideType: RideType, cityId: string) {
  const d = defaultVehicleRules();
  let vehicle = eb
    .selectFrom('vehicles')
    .leftJoin('vehicle_rules', (join) => join.on('vehicle_rules.city_id', '=', cityId))
    .select(sql.lit(1).as('one'))
    .whereRef('vehicles.driver_id', '=', 'drivers.id')
    .where('vehicles.active', '=', true)
    .where('vehicles.status', '=', 'verified');
  if (rideType === 'comfort') {
    vehicle = vehicle
      .where(sql<boolean>`vehicles.year >= coalesce(vehicle_rules.comfort_min_year, ${d.comfort_min_year})`)
      .where(sql<boolean>`vehicles.seats >= coalesce(vehicle_rules.comfort_min_seats, ${d.comfort_min_seats})`);
  }
  if (rideType === 'xl') vehicle = vehicle.where(sql<boolean>`vehicles.seats >= coalesce(vehicle_rules.xl_min_seats, ${d.xl_min_seats})`);
  return eb.exists(vehicle);
}

/**
 * The driver record's vehicle fields (the spec's `drivers.vehicle_*`, kept) mirror the active vehicle: what
 * riders and admins read of "the driver's car" stays the car they drive. Call it in the transaction that
 * changes which vehicle is active, or the active vehicle's fields.
 */
export async function mirrorActiveVehicle(trx: Kysely<DB>, driverId: string) {
  const active = await trx
    .selectFrom('vehicles')
    .select(['make', 'model', 'year', 'color', 'license_plate'])
    .where('driver_id', '=', driverId)
    .where('active', '=', true)
    .executeTakeFirst();
  if (!active) return;
  await trx
    .updateTable('drivers')
    .set({
      vehicle_make: active.make,
      vehicle_model: active.model,
      vehicle_year: active.year,
      vehicle_color: active.color,
      license_plate: active.license_plate,
      updated_at: new Date(),
    })
    .where('id', '=', driverId)
    .execute();
}

/** The application's vehicle: the driver's first, active, pending until the application is reviewed. */
export async function insertApplicationVehicle(
  trx: Kysely<DB>,
  driver: { id: string; vehicle_make: string; vehicle_model: string; vehicle_year: number; vehicle_color: string; license_plate: string },
) {
  await trx
    .insertInto('vehicles')
    .values({
      driver_id: driver.id,
      make: driver.vehicle_make,
      model: driver.vehicle_model,
      year: driver.vehicle_year,
      color: driver.vehicle_color,
      license_plate: driver.license_plate,
      seats: 4,
      status: 'pending',
      active: true,
    })
    .execute();
}

/**
 * The application's review decides its vehicle too: approving the driver verifies their active vehicle
 * (the one the application described), rejecting rejects it with the same reason. A vehicle already
 * decided on its own is left alone, except that approval verifies one rejected with an earlier rejection.
 */
export async function reviewApplicationVehicle(
  trx: Kysely<DB>,
  driverId: string,
  adminId: string,
  decision: { approved: true } | { approved: false; reason: string },
) {
  const now = new Date();
  await moveAll(trx, VEHICLE_MACHINE, {
    table: 'vehicles',
    to: decision.approved ? 'verified' : 'rejected',
    actor: 'admin',
    set: { rejection_reason: decision.approved ? null : decision.reason, reviewed_at: now, reviewed_by: adminId, updated_at: now },
    where: (eb) => eb.and([eb('driver_id', '=', driverId), eb('active', '=', true)]),
  });
}
