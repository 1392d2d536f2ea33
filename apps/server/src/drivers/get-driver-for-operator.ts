import type { AdminDriverDetail } from '@openride/shared/rides/operator';
import { auditHistoryOf } from '../audit/list-audit-log';
import { notFound } from '../lib/errors';
import { driverLastPosition, driverWorkStats } from './driver-work-stats';
import type { Ports } from '../ports';
import type { GeoIndex } from '../geo/geo-index';

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

/**
 * /driver/{id}: the application and vehicle, the verification and suspension history (the audit log),
 * whether they are online and where they were last seen, and how they work — acceptance rate,
 * cancellation rate, rating.
 */
export async function getDriverForOperator(services: Pick<Ports, 'db'> & { geo: GeoIndex }, driverId: string): Promise<AdminDriverDetail> {
  const { db } = services;
  const d = await db
    .selectFrom('drivers')
    .innerJoin('user', 'user.id', 'drivers.user_id')
    .leftJoin('cities', 'cities.id', 'drivers.city_id')
    .selectAll('drivers')
    .select(['user.email', 'cities.name as city_name'])
    .where('drivers.id', '=', driverId)
    .executeTakeFirst();
  if (!d) throw notFound('Driver not found');

  const [stats, history, lastPosition] = await Promise.all([
    driverWorkStats(db, driverId),
    auditHistoryOf(db, 'driver', driverId),
    driverLastPosition(services, driverId, d.status),
  ]);
  return {
    driver: {
      id: d.id,
      user_id: d.user_id,
      full_name: d.full_name,
      email: d.email,
      phone: d.phone,
      license_number: d.license_number,
      vehicle: { make: d.vehicle_make, model: d.vehicle_model, year: d.vehicle_year, color: d.vehicle_color, plate: d.license_plate },
      city: d.city_id && d.city_name ? { id: d.city_id, name: d.city_name } : null,
      verification_status: d.verification_status,
      rejection_reason: d.rejection_reason,
      applied_at: iso(d.created_at)!,
      reviewed_at: iso(d.reviewed_at),
      status: d.status,
      suspended: d.suspended_at !== null,
      suspended_at: iso(d.suspended_at),
      suspension_reason: d.suspension_reason,
    },
    last_position: lastPosition,
    stats,
    history,
  };
}
