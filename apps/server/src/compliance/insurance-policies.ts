import { POLICY_MACHINE } from '@openride/shared/compliance/document-state';
import {
  type AdminPolicy,
  insuranceText,
  type PolicyCheck,
  type PolicyInput,
  type PolicyList,
  type PolicyReviewInput,
  type PolicyView,
} from '@openride/shared/compliance/insurance';
import { EXPIRING_SOON_DAYS } from '@openride/shared/compliance/schemas';
import { driverCityText } from '@openride/shared/drivers/driver-city-text';
import { type Kysely, sql } from 'kysely';
import { recordAudit } from '../audit/record-audit';
import type { DB } from '../db/schema';
import { findFile } from '../files/files.repo';
import { AppError, badRequest, domainError, forbidden, notFound } from '../lib/errors';
import { inTransaction } from '../lib/transaction';
import { move, moveAll } from '../lib/move';
import { createNotification } from '../notifications/create-notification';
import { ownApprovedDriver } from '../driver-record/current-driver';
import { localDate } from '../payouts/local-dates';
import { complianceCityOf } from './compliance.repo';
import { holdIfNotCompliant } from './compliance-expiry';
import type { Ports } from '../ports';
import type { PresencePorts } from '../driver-record/take-driver-offline';
import { review } from '../review/review';
import { type CityScope, inCityScope } from '../roles/city-scope';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const day = (col: string) => sql<string>`to_char(${sql.ref(col)}, 'YYYY-MM-DD')`;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

const POLICY_COLUMNS = (db: Kysely<DB>) =>
  db
    .selectFrom('insurance_policies as p')
    .select([
      'p.id',
      'p.vehicle_id',
      'p.driver_id',
      'p.insurer',
      'p.policy_number',
      'p.insured_name',
      day('p.coverage_start').as('coverage_start'),
      day('p.coverage_end').as('coverage_end'),
      'p.file_id',
      'p.status',
      'p.rejection_reason',
      'p.reviewed_at',
      'p.created_at',
    ]);
type PolicyRow = Awaited<ReturnType<ReturnType<typeof POLICY_COLUMNS>['executeTakeFirstOrThrow']>>;

const policyView = (r: PolicyRow): PolicyView => ({
  id: r.id,
  vehicle_id: r.vehicle_id,
  insurer: r.insurer,
  policy_number: r.policy_number,
  insured_name: r.insured_name,
  coverage_start: r.coverage_start,
  coverage_end: r.coverage_end,
  file_id: r.file_id,
  status: r.status,
  rejection_reason: r.rejection_reason,
  reviewed_at: r.reviewed_at ? new Date(r.reviewed_at).toISOString() : null,
  created_at: r.created_at.toISOString(),
});

/** The driver's own vehicle, or 404 (another driver's answers as one that does not exist). */
async function ownVehicleOf(db: Kysely<DB>, driverId: string, vehicleId: string) {
  if (!UUID.test(vehicleId)) throw notFound(insuranceText.errors.vehicleNotFound);
  const v = await db.selectFrom('vehicles').select(['id', 'driver_id']).where('id', '=', vehicleId).executeTakeFirst();
  if (!v || v.driver_id !== driverId) throw notFound(insuranceText.errors.vehicleNotFound);
  return v;
}

/** GET /api/vehicles/:id/insurance: the vehicle's policies, newest first, superseded ones left out. */
export async function listVehiclePolicies(services: Pick<Ports, 'db'>, userId: string, vehicleId: string) {
  const { db } = services;
  const driver = await ownApprovedDriver(db, userId);
  await ownVehicleOf(db, driver.id, vehicleId);
  const rows = await POLICY_COLUMNS(db).where('p.vehicle_id', '=', vehicleId).where('p.status', '!=', 'superseded').orderBy('p.created_at', 'desc').execute();
  return { policies: rows.map(policyView) };
}

/**
 * POST /api/vehicles/:id/insurance: a policy in review. An older one of the vehicle still in review is
 * superseded; a verified one stays valid until this one is verified (a renewal leaves no gap).
 */
export async function addPolicy(services: Pick<Ports, 'db'>, userId: string, vehicleId: string, input: PolicyInput) {
  const { db } = services;
  const driver = await ownApprovedDriver(db, userId);
  await ownVehicleOf(db, driver.id, vehicleId);
  const file = await findFile(db, input.file_id);
  if (!file || file.owner_id !== userId) throw notFound(insuranceText.errors.fileNotFound);
  if (file.purpose !== 'insurance') throw badRequest(insuranceText.errors.notAnInsuranceFile);
  const city = await complianceCityOf(db, driver.id);
  if (!city) throw domainError('DRIVER_CITY_UNKNOWN');
  if (input.coverage_end < localDate(new Date(), city.timezone)) throw badRequest(insuranceText.errors.ended);
  const id = await inTransaction(db, async (trx) => {
    const now = new Date();
    await moveAll(trx, POLICY_MACHINE, {
      table: 'insurance_policies',
      to: 'superseded',
      actor: 'driver',
      set: { updated_at: now },
      where: (eb) => eb('vehicle_id', '=', vehicleId),
    });
    const row = await trx
      .insertInto('insurance_policies')
      .values({ driver_id: driver.id, vehicle_id: vehicleId, ...input })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
  return policyView(await POLICY_COLUMNS(db).where('p.id', '=', id).executeTakeFirstOrThrow());
}

/** Case, space and accent-insensitive: "José  García" matches "jose garcia". */
export const sameName = (a: string, b: string) => {
  const norm = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  return norm(a) === norm(b);
};

/** The checks an admin reads beside the document. Pure. */
export function checksOf(
  p: { insured_name: string; coverage_start: string; coverage_end: string },
  licenceName: string,
  vehicle: { status: string; make: string; model: string; license_plate: string },
  hasRegistration: boolean,
  today: string,
): PolicyCheck[] {
  const started = p.coverage_start <= today;
  const notEnded = p.coverage_end >= today;
  return [
    {
      key: 'insured_name',
      label: insuranceText.checks.insured_name,
      pass: sameName(p.insured_name, licenceName),
      detail: `Policy: ${p.insured_name} · Licence: ${licenceName}`,
    },
    {
      key: 'coverage_dates',
      label: insuranceText.checks.coverage_dates,
      pass: started && notEnded,
      detail: !started
        ? `Cover starts ${p.coverage_start}, after today (${today})`
        : !notEnded
          ? `Cover ended ${p.coverage_end}`
          : `${p.coverage_start} to ${p.coverage_end}`,
    },
    {
      key: 'vehicle',
      label: insuranceText.checks.vehicle,
      // The vehicle record was checked against its papers when an admin verified it; the registration is shown to compare.
      pass: vehicle.status === 'verified',
      detail: `${vehicle.make} ${vehicle.model}, plate ${vehicle.license_plate} (vehicle ${vehicle.status})${hasRegistration ? ' · compare with the registration' : ' · no approved registration on file'}`,
    },
  ];
}

/** Policies with their driver, vehicle, city, registration and checks. */
async function adminPolicies(db: Kysely<DB>, rows: PolicyRow[]): Promise<AdminPolicy[]> {
  if (rows.length === 0) return [];
  const driverIds = [...new Set(rows.map((r) => r.driver_id))];
  const vehicleIds = [...new Set(rows.map((r) => r.vehicle_id))];
  const [drivers, vehicles, registrations] = await Promise.all([
    db.selectFrom('drivers').select(['id', 'full_name', 'phone']).where('id', 'in', driverIds).execute(),
    db.selectFrom('vehicles').select(['id', 'make', 'model', 'year', 'color', 'license_plate', 'active', 'status']).where('id', 'in', vehicleIds).execute(),
    db
      .selectFrom('driver_documents')
      .select(['driver_id', 'file_ids', day('expires_on').as('expires_on')])
      .where('driver_id', 'in', driverIds)
      .where('kind', '=', 'vehicle_registration')
      .where('status', '=', 'approved')
      .orderBy('created_at', 'desc')
      .execute(),
  ]);
  const cities = new Map<string, Awaited<ReturnType<typeof complianceCityOf>>>();
  for (const id of driverIds) cities.set(id, await complianceCityOf(db, id));
  const now = new Date();
  return rows.map((r) => {
    const driver = drivers.find((d) => d.id === r.driver_id)!;
    const vehicle = vehicles.find((v) => v.id === r.vehicle_id)!;
    const registration = registrations.find((d) => d.driver_id === r.driver_id);
    // A driver whose city is unknown (decision 0074): "today" is UTC's, and the city says it is not chosen.
    const city = cities.get(r.driver_id) ?? { id: null, name: driverCityText.notChosen, timezone: 'UTC' };
    const today = localDate(now, city.timezone);
    return {
      ...policyView(r),
      driver: { id: driver.id, full_name: driver.full_name, phone: driver.phone },
      vehicle: {
        make: vehicle.make,
        model: vehicle.model,
        year: vehicle.year,
        color: vehicle.color,
        license_plate: vehicle.license_plate,
        active: vehicle.active,
      },
      city: { id: city.id, name: city.name },
      registration: registration ? { file_ids: registration.file_ids, expires_on: registration.expires_on } : null,
      checks: checksOf(r, driver.full_name, vehicle, Boolean(registration), today),
      days_left: dayNumber(r.coverage_end) - dayNumber(today),
    };
  });
}

/**
 * GET /api/admin/insurance-policies: `review` — in review, oldest first; `expiring` — verified, of an active
 * vehicle, cover ends within 30 days (the city's calendar), soonest first; `expired` — the newest verified
 * policy of an active vehicle has ended and the driver has no newer valid one; `verified` — every verified
 * policy of an active vehicle, newest decision first (where Revoke is found). `city`: the driver's city.
 */
export async function listPoliciesForAdmin(services: Pick<Ports, 'db'>, query: { list: PolicyList; city?: string }, scope: CityScope = null) {
  const { db } = services;
  let rows: PolicyRow[];
  if (query.list === 'review') {
    rows = await POLICY_COLUMNS(db).where('p.status', '=', 'in_review').orderBy('p.created_at', 'asc').orderBy('p.id').limit(200).execute();
  } else {
    // A day either side of UTC's date covers every time zone; the exact cut is the city's today below.
    const base = POLICY_COLUMNS(db)
      .innerJoin('vehicles as v', (j) => j.onRef('v.id', '=', 'p.vehicle_id').on('v.active', '=', true))
      .where('p.status', '=', 'verified')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('insurance_policies as n')
              .select('n.id')
              .whereRef('n.vehicle_id', '=', 'p.vehicle_id')
              .where('n.status', '=', 'verified')
              .whereRef('n.coverage_end', '>', 'p.coverage_end'),
          ),
        ),
      );
    rows =
      query.list === 'verified'
        ? await base.orderBy('p.reviewed_at', 'desc').limit(200).execute()
        : query.list === 'expiring'
          ? await base
              .where('p.coverage_end', '<=', sql<string>`current_date + ${EXPIRING_SOON_DAYS + 1}::int`)
              .where('p.coverage_end', '>=', sql<string>`current_date - 1`)
              .orderBy('p.coverage_end')
              .limit(500)
              .execute()
          : await base
              .where('p.coverage_end', '<=', sql<string>`current_date + 1`)
              .orderBy('p.coverage_end', 'desc')
              .limit(500)
              .execute();
  }
  let items = await adminPolicies(db, rows);
  if (query.list === 'expiring') items = items.filter((p) => p.days_left >= 0 && p.days_left <= EXPIRING_SOON_DAYS);
  if (query.list === 'expired') items = items.filter((p) => p.days_left < 0);
  if (query.city) items = items.filter((p) => p.city.id === query.city);
  // A scoped member's cities (decision 0091); a driver of no city yet is everyone's.
  items = items.filter((p) => inCityScope(scope, p.city.id));
  return { items };
}

const plateOf = (db: Kysely<DB>, vehicleId: string) => db.selectFrom('vehicles').select('license_plate').where('id', '=', vehicleId).executeTakeFirstOrThrow();

/**
 * Verify or reject a policy in review: a conditional update (only if still in review; else 409), the
 * driver's notification and the audit record in one transaction. Verifying supersedes the vehicle's older
 * verified policy. An admin who drives cannot decide their own.
 */
export async function reviewPolicy(services: Pick<Ports, 'db' | 'bus' | 'push'>, adminId: string, policyId: string, input: PolicyReviewInput) {
  if (!UUID.test(policyId)) throw notFound(insuranceText.errors.notFound);
  const verified = input.status === 'verified';
  const reason = input.status === 'rejected' ? input.reason : null;
  const { decided } = await review(services, {
    adminId,
    load: (trx) =>
      trx
        .selectFrom('insurance_policies as p')
        .innerJoin('drivers as d', 'd.id', 'p.driver_id')
        .select(['p.id', 'p.vehicle_id', 'p.status', 'd.user_id'])
        .where('p.id', '=', policyId)
        .executeTakeFirst(),
    notFound: () => notFound(insuranceText.errors.notFound),
    own: { ownerOf: (before) => before.user_id, refuse: () => forbidden(insuranceText.errors.own) },
    decided: () => new AppError('CONFLICT', insuranceText.errors.decided),
    decide: async (trx, before, now) => {
      const moved = await move(trx, POLICY_MACHINE, {
        table: 'insurance_policies',
        id: policyId,
        to: input.status,
        actor: 'admin',
        set: { rejection_reason: reason, reviewed_at: now, reviewed_by: adminId, updated_at: now },
        // A decision on a policy in review (revoking a verified one is revokePolicy's).
        where: (eb) => eb('status', '=', 'in_review'),
      });
      if (!moved) return undefined;
      if (verified) {
        await moveAll(trx, POLICY_MACHINE, {
          table: 'insurance_policies',
          to: 'superseded',
          actor: 'admin',
          set: { updated_at: now },
          where: (eb) => eb.and([eb('vehicle_id', '=', before.vehicle_id), eb('id', '!=', policyId)]),
        });
      }
      return POLICY_COLUMNS(trx).where('p.id', '=', policyId).executeTakeFirstOrThrow();
    },
    audit: (before) => ({
      action: verified ? 'insurance.verify' : 'insurance.reject',
      entityType: 'insurance_policy',
      entityId: policyId,
      before: { status: before.status },
      after: { status: input.status, rejection_reason: reason },
      reason,
    }),
    notice: async (trx, before, row) => {
      const { license_plate } = await plateOf(trx, before.vehicle_id);
      const notice = verified ? insuranceText.notices.verified(license_plate, row.coverage_end) : insuranceText.notices.rejected(license_plate, reason!);
      return { user_id: before.user_id, booking_id: null, ...notice, kind: 'document', link: '/vehicles' };
    },
  });
  return policyView(decided);
}

/**
 * Revoke a verified policy (cancelled by the insurer, say): it becomes rejected with the reason, the driver
 * is told, the audit records it — and the hold applies at once (the rule reads verified policies only):
 * if the driver is online and now not compliant, they are taken offline now, as at expiry.
 */
export async function revokePolicy(services: Pick<Ports, 'db' | 'bus' | 'push'> & PresencePorts, adminId: string, policyId: string, reason: string) {
  const { db } = services;
  if (!UUID.test(policyId)) throw notFound(insuranceText.errors.notFound);
  const { row, notification, driverId } = await inTransaction(db, async (trx) => {
    const before = await trx
      .selectFrom('insurance_policies as p')
      .innerJoin('drivers as d', 'd.id', 'p.driver_id')
      .select(['p.id', 'p.vehicle_id', 'p.status', 'p.driver_id', 'd.user_id'])
      .where('p.id', '=', policyId)
      .executeTakeFirst();
    if (!before) throw notFound(insuranceText.errors.notFound);
    if (before.user_id === adminId) throw forbidden(insuranceText.errors.own);
    const now = new Date();
    const decided = await move(trx, POLICY_MACHINE, {
      table: 'insurance_policies',
      id: policyId,
      to: 'rejected',
      actor: 'admin',
      set: { rejection_reason: reason, reviewed_at: now, reviewed_by: adminId, updated_at: now },
      where: (eb) => eb('status', '=', 'verified'),
    });
    if (!decided) throw new AppError('CONFLICT', insuranceText.errors.notVerified);
    await recordAudit(trx, {
      actorId: adminId,
      action: 'insurance.revoke',
      entityType: 'insurance_policy',
      entityId: policyId,
      before: { status: 'verified' },
      after: { status: 'rejected', rejection_reason: reason },
      reason,
    });
    const row = await POLICY_COLUMNS(trx).where('p.id', '=', policyId).executeTakeFirstOrThrow();
    const { license_plate } = await plateOf(trx, before.vehicle_id);
    const notification = await createNotification(trx, services, {
      user_id: before.user_id,
      booking_id: null,
      ...insuranceText.notices.revoked(license_plate, reason),
      kind: 'document',
      link: '/vehicles',
    });
    return { row, notification, driverId: before.driver_id };
  });
  await notification.publish();
  await holdIfNotCompliant(services, driverId);
  return policyView(row);
}
