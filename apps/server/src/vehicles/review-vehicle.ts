import { VEHICLE_MACHINE } from '@openride/shared/vehicles/vehicle-state';
import type { adminVehiclesQuerySchema, VehicleReviewInput, VehicleRules } from '@openride/shared/vehicles/schemas';
import { vehicleText } from '@openride/shared/vehicles/vehicle-text';
import type { z } from 'zod';
import { recordAudit } from '../audit/record-audit';
import { AppError, forbidden, notFound } from '../lib/errors';
import { keysetPage, type KeysetSpec } from '../lib/keyset';
import { allVehicleRules, vehicleRulesOf } from './vehicle-rules.repo';
import { VEHICLE_COLUMNS, vehicleView } from './vehicles.repo';
import { findCity } from '../cities/cities.repo';
import type { AdminVehicle, CityVehicleRules } from '@openride/shared/vehicles/views';
import type { CsvColumn } from '../lib/csv';
import { move } from '../lib/move';
import type { Ports } from '../ports';
import { review } from '../review/review';
import { type CityScope, cityCondition } from '../roles/city-scope';

type Query = z.output<typeof adminVehiclesQuerySchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const spec: KeysetSpec<Query['sort']> = {
  sorts: { created_at: { expr: 'vehicles.created_at', type: 'timestamptz' } },
  id: { ref: 'vehicles.id', type: 'uuid' },
};

/** The verification queue: by status (all when none is given), with whose vehicle it is. */
export async function listVehiclesForReview(services: Pick<Ports, 'db'>, query: Query, scope: CityScope = null) {
  const { db } = services;
  let rows = db
    .selectFrom('vehicles')
    .innerJoin('drivers', 'drivers.id', 'vehicles.driver_id')
    .select(VEHICLE_COLUMNS.map((c) => `vehicles.${c}` as const))
    .select(['drivers.full_name as driver_name', 'drivers.phone as driver_phone']);
  const inCities = cityCondition('drivers.city_id', scope);
  if (inCities) rows = rows.where(inCities);
  if (query.status) rows = rows.where('vehicles.status', '=', query.status);
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    rows = rows.where((eb) =>
      eb.or([
        eb('drivers.full_name', 'ilike', like),
        eb('vehicles.license_plate', 'ilike', like),
        eb('vehicles.make', 'ilike', like),
        eb('vehicles.model', 'ilike', like),
      ]),
    );
  }
  const page = await keysetPage(db, rows, spec, query);
  const cities = await allVehicleRules(db);
  return { ...page, items: page.items.map((r) => ({ ...vehicleView(r, cities), driver_name: r.driver_name, driver_phone: r.driver_phone })) };
}

/** An admin's read of one driver's vehicles (/driver/{id}): active first, then newest; an unknown driver is 404. */
export async function listDriverVehicles(services: Pick<Ports, 'db'>, driverId: string) {
  const { db } = services;
  if (!UUID.test(driverId)) throw notFound('Driver not found');
  const [driver, rows, cities] = await Promise.all([
    db.selectFrom('drivers').select('id').where('id', '=', driverId).executeTakeFirst(),
    db.selectFrom('vehicles').select(VEHICLE_COLUMNS).where('driver_id', '=', driverId).orderBy('active', 'desc').orderBy('created_at', 'desc').execute(),
    allVehicleRules(db),
  ]);
  if (!driver) throw notFound('Driver not found');
  return { vehicles: rows.map((r) => vehicleView(r, cities)) };
}

export const VEHICLES_CSV: CsvColumn<AdminVehicle>[] = [
  { header: 'Vehicle', value: (v) => v.id },
  { header: 'Submitted', value: (v) => v.created_at },
  { header: 'Driver', value: (v) => v.driver_name },
  { header: 'Phone', value: (v) => v.driver_phone },
  { header: 'Make', value: (v) => v.make },
  { header: 'Model', value: (v) => v.model },
  { header: 'Year', value: (v) => v.year },
  { header: 'Colour', value: (v) => v.color },
  { header: 'Plate', value: (v) => v.license_plate },
  { header: 'Seats', value: (v) => v.seats },
  { header: 'Status', value: (v) => v.status },
  { header: 'Active', value: (v) => (v.active ? 'yes' : 'no') },
  { header: 'Photos', value: (v) => v.photo_ids.length },
];

/**
 * An admin verifies or rejects a pending vehicle. In one transaction: the decision, the driver's notification
 * and the audit record. An admin who drives cannot review their own.
 */
export async function reviewVehicle(services: Pick<Ports, 'db' | 'bus' | 'push'>, adminId: string, vehicleId: string, input: VehicleReviewInput) {
  const { db } = services;
  if (!UUID.test(vehicleId)) throw notFound(vehicleText.errors.notFound);
  const verified = input.status === 'verified';
  const reason = input.status === 'rejected' ? input.reason : null;
  const { decided: row } = await review(services, {
    adminId,
    load: (trx) =>
      trx
        .selectFrom('vehicles')
        .innerJoin('drivers', 'drivers.id', 'vehicles.driver_id')
        .select(VEHICLE_COLUMNS.map((c) => `vehicles.${c}` as const))
        .select('drivers.user_id')
        .where('vehicles.id', '=', vehicleId)
        .forUpdate('vehicles')
        .executeTakeFirst(),
    notFound: () => notFound(vehicleText.errors.notFound),
    own: { ownerOf: (before) => before.user_id, refuse: () => forbidden(vehicleText.errors.ownVehicle) },
    reviewable: (before) => before.status === 'pending',
    // Locked and found pending: the review cannot lose.
    decided: () => new AppError('CONFLICT', vehicleText.errors.alreadyReviewed),
    decide: (trx, _before, now) =>
      move(trx, VEHICLE_MACHINE, {
        table: 'vehicles',
        id: vehicleId,
        to: input.status,
        actor: 'admin',
        set: { rejection_reason: reason, reviewed_at: now, reviewed_by: adminId, updated_at: now },
      }),
    audit: (before, row) => ({
      action: verified ? 'vehicle.verify' : 'vehicle.reject',
      entityType: 'vehicle',
      entityId: vehicleId,
      before: { status: before.status },
      after: { status: row.status, rejection_reason: row.rejection_reason },
      reason,
    }),
    notice: async (_trx, before, row) => {
      const name = `${row.year} ${row.make} ${row.model} (${row.license_plate})`;
      const notice = verified ? vehicleText.notices.verified(name) : vehicleText.notices.rejected(name, reason!);
      return { user_id: before.user_id, booking_id: null, ...notice, kind: 'document', link: '/vehicles' };
    },
  });
  return vehicleView(row, await allVehicleRules(db));
}

const rulesView = (cityId: string, rules: VehicleRules & { updated_at: Date | null }): CityVehicleRules => ({
  city_id: cityId,
  rules: { comfort_min_year: rules.comfort_min_year, comfort_min_seats: rules.comfort_min_seats, xl_min_seats: rules.xl_min_seats },
  updated_at: rules.updated_at ? rules.updated_at.toISOString() : null,
});

export async function getVehicleRules(services: Pick<Ports, 'db'>, cityId: string) {
  if (!(await findCity(services.db, cityId))) throw notFound('City not found');
  return rulesView(cityId, await vehicleRulesOf(services.db, cityId));
}

/** An admin sets a city's rules (audited: the values before and after). Dispatch and quotes read them on each use. */
export async function setVehicleRules(services: Pick<Ports, 'db'>, adminId: string, cityId: string, input: VehicleRules) {
  const { db } = services;
  if (!(await findCity(db, cityId))) throw notFound('City not found');
  const after = await db.transaction().execute(async (trx) => {
    const was = await trx
      .selectFrom('vehicle_rules')
      .select(['comfort_min_year', 'comfort_min_seats', 'xl_min_seats'])
      .where('city_id', '=', cityId)
      .forUpdate()
      .executeTakeFirst();
    const before = was ?? (await vehicleRulesOf(trx, cityId));
    const now = new Date();
    await trx
      .insertInto('vehicle_rules')
      .values({ city_id: cityId, ...input, updated_by: adminId, updated_at: now })
      .onConflict((oc) => oc.column('city_id').doUpdateSet({ ...input, updated_by: adminId, updated_at: now }))
      .execute();
    await recordAudit(trx, {
      actorId: adminId,
      action: 'vehicle_rules.update',
      entityType: 'city',
      entityId: cityId,
      before: { comfort_min_year: before.comfort_min_year, comfort_min_seats: before.comfort_min_seats, xl_min_seats: before.xl_min_seats },
      after: input,
    });
    return { ...input, updated_at: now };
  });
  return rulesView(cityId, after);
}
