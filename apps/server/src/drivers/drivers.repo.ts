import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { currentDriverOf } from '../driver-record/current-driver';

/** What the owner sees of a driver record: the §3 fields. */
export const DRIVER_COLUMNS = [
  'id',
  'status',
  'verification_status',
  'created_at',
  'full_name',
  'phone',
  'license_number',
  'vehicle_make',
  'vehicle_model',
  'vehicle_year',
  'vehicle_color',
  'license_plate',
] as const;

/**
 * §7: id, status, verification_status, created_at of the user's newest driver record — plus, for its
 * owner, why it was rejected (so /driver can say so, not only the notification).
 */
export function latestDriverOf(db: Kysely<DB>, userId: string) {
  return currentDriverOf(db, userId, ['id', 'status', 'verification_status', 'created_at', 'rejection_reason']);
}

/** `GET /api/drivers/me`: the newest record's state as its owner reads it, suspension and city included. */
export async function ownDriverOf(db: Kysely<DB>, userId: string) {
  const row = await db
    .selectFrom('drivers')
    .leftJoin('cities', 'cities.id', 'drivers.city_id')
    .select([
      'drivers.id',
      'drivers.status',
      'drivers.verification_status',
      'drivers.created_at',
      'drivers.rejection_reason',
      'drivers.suspended_at',
      'drivers.suspension_reason',
      'drivers.city_id',
      'cities.name as city_name',
    ])
    .where('drivers.user_id', '=', userId)
    .orderBy('drivers.created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  const { suspended_at, city_id, city_name, ...rest } = row;
  return { ...rest, suspended: suspended_at !== null, city: city_id && city_name ? { id: city_id, name: city_name } : null };
}

/** The user's newest driver record with all its fields. */
export function latestFullDriverOf(db: Kysely<DB>, userId: string) {
  return currentDriverOf(db, userId, DRIVER_COLUMNS);
}

/** Whether an admin has suspended this driver record (issue 10 §4). */
export async function isSuspended(db: Kysely<DB>, driverId: string): Promise<boolean> {
  const row = await db.selectFrom('drivers').select('suspended_at').where('id', '=', driverId).executeTakeFirst();
  return Boolean(row?.suspended_at);
}
