import type { AdminSosAlert, MySosAlert, SosPosition } from '@openride/shared/safety/sos-schemas';
import { sosText } from '@openride/shared/safety/sos-text';
import { ticketNumber } from '@openride/shared/support/schemas';
import { isUuid } from '@openride/shared/text';
import type { Kysely, Selectable } from 'kysely';
import type { DB, SosAlertsTable } from '../db/schema';
import { notFound } from '../lib/errors';
import { type CityScope, cityCondition } from '../roles/city-scope';

export type SosRow = Selectable<SosAlertsTable>;
/** The driver's newest fix this process holds for a ride (`services.locations.lastFixOf`). */
export type LastFix = (rideId: string) => { lat: number; lng: number; at: string } | null;

const iso = (d: Date | string) => new Date(d).toISOString();
const coords = (lat: number, lng: number) => `${lat.toFixed(5)}, ${lng.toFixed(5)}`;

export function mySosView(row: Pick<SosRow, 'id' | 'ride_id' | 'role' | 'status' | 'created_at'>): MySosAlert {
  return { id: row.id, ride_id: row.ride_id, role: row.role, status: row.status, created_at: iso(row.created_at) };
}

/** The caller's open alert on a ride, if any. */
export function openAlertOf(db: Kysely<DB>, rideId: string, userId: string) {
  return db.selectFrom('sos_alerts').selectAll().where('ride_id', '=', rideId).where('raised_by', '=', userId).where('status', '=', 'open').executeTakeFirst();
}

/**
 * The presser's emergency contacts (the account domain's table, read here: nothing may import the account
 * domain, and these two columns are all an SOS needs).
 */
export function emergencyContactsFor(db: Kysely<DB>, userId: string) {
  return db.selectFrom('emergency_contacts').select(['id', 'name', 'phone']).where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
}

/** The ride and how `userId` stands on it: its rider, its assigned driver, or nobody (undefined). */
export async function rideRoleOf(db: Kysely<DB>, rideId: string, userId: string) {
  if (!isUuid(rideId)) return undefined;
  const ride = await db
    .selectFrom('rides')
    .leftJoin('drivers', 'drivers.id', 'rides.driver_id')
    .innerJoin('cities', 'cities.id', 'rides.city_id')
    .select(['rides.id', 'rides.status', 'rides.rider_id', 'rides.share_token', 'drivers.user_id as driver_user_id', 'cities.emergency_number'])
    .where('rides.id', '=', rideId)
    .executeTakeFirst();
  if (!ride) return undefined;
  if (ride.rider_id === userId) return { ride, role: 'rider' as const };
  if (ride.driver_user_id === userId) return { ride, role: 'driver' as const };
  return undefined;
}

/** An alert, locked for its close. */
export async function lockSos(trx: Kysely<DB>, id: string) {
  if (!isUuid(id)) throw notFound(sosText.errors.notFound);
  const row = await trx.selectFrom('sos_alerts').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw notFound(sosText.errors.notFound);
  return row;
}

/** The newest known position of each ride's car: this process's last fix, else the newest breadcrumb. */
async function newestFixes(db: Kysely<DB>, rideIds: string[], lastFix?: LastFix) {
  const fixes = new Map<string, SosPosition>();
  for (const id of rideIds) {
    const fix = lastFix?.(id);
    if (fix) fixes.set(id, { lat: fix.lat, lng: fix.lng, at: fix.at });
  }
  const missing = rideIds.filter((id) => !fixes.has(id));
  if (missing.length) {
    const crumbs = await db
      .selectFrom('ride_locations')
      .select(['ride_id', 'lat', 'lng', 'at'])
      .distinctOn('ride_id')
      .where('ride_id', 'in', missing)
      .orderBy('ride_id')
      .orderBy('at', 'desc')
      .execute();
    for (const c of crumbs) fixes.set(c.ride_id, { lat: c.lat, lng: c.lng, at: iso(c.at) });
  }
  return fixes;
}

/** The position at the time of a press: the driver's last fix, if the server knows one. */
export async function positionNow(db: Kysely<DB>, rideId: string, lastFix?: LastFix) {
  return (await newestFixes(db, [rideId], lastFix)).get(rideId) ?? null;
}

/** Alerts as operators read them: the people, the ride, the newest position known, the ticket. */
export async function adminSosViews(
  db: Kysely<DB>,
  where: { ids?: string[]; open?: boolean; cities?: CityScope },
  lastFix?: LastFix,
): Promise<AdminSosAlert[]> {
  let q = db
    .selectFrom('sos_alerts as s')
    .innerJoin('rides as r', 'r.id', 's.ride_id')
    .leftJoin('user as ru', 'ru.id', 'r.rider_id')
    .leftJoin('profiles as rp', 'rp.id', 'r.rider_id')
    .leftJoin('drivers as d', 'd.id', 'r.driver_id')
    .leftJoin('support_tickets as t', 't.id', 's.ticket_id')
    .leftJoin('user as au', 'au.id', 's.resolved_by')
    .select([
      's.id',
      's.status',
      's.role',
      's.raised_by',
      's.lat',
      's.lng',
      's.position_at',
      's.ticket_id',
      's.created_at',
      's.resolved_at',
      's.note',
      'au.name as resolved_by_name',
      't.number as ticket_number',
      'r.id as ride_id',
      'r.status as ride_status',
      'r.rider_id',
      'r.pickup_label',
      'r.pickup_lat',
      'r.pickup_lng',
      'r.dropoff_label',
      'r.dropoff_lat',
      'r.dropoff_lng',
      'ru.name as rider_account_name',
      'rp.full_name as rider_full_name',
      'rp.phone as rider_phone',
      'd.user_id as driver_user_id',
      'd.full_name as driver_name',
      'd.phone as driver_phone',
      'd.vehicle_color',
      'd.vehicle_make',
      'd.vehicle_model',
      'd.license_plate',
    ]);
  if (where.ids) q = q.where('s.id', 'in', where.ids.length ? where.ids : ['00000000-0000-0000-0000-000000000000']);
  if (where.open) q = q.where('s.status', '=', 'open');
  const inCities = cityCondition('r.city_id', where.cities ?? null);
  if (inCities) q = q.where(inCities);
  const rows = await q.orderBy('s.created_at').orderBy('s.id').execute();
  const fixes = await newestFixes(db, [...new Set(rows.filter((r) => r.status === 'open').map((r) => r.ride_id))], lastFix);
  return rows.map((r) => {
    const rider = { id: r.rider_id, name: (r.rider_full_name ?? r.rider_account_name ?? '').trim() || 'Rider', phone: r.rider_phone ?? null };
    const driver = r.driver_user_id
      ? {
          id: r.driver_user_id,
          name: r.driver_name ?? 'Driver',
          phone: r.driver_phone ?? null,
          vehicle: [r.vehicle_color, r.vehicle_make, r.vehicle_model].filter(Boolean).join(' '),
          plate: r.license_plate ?? '',
        }
      : null;
    const raisedBy = {
      ...(r.role === 'driver' && driver ? { name: driver.name, phone: driver.phone } : { name: rider.name, phone: rider.phone }),
      id: r.raised_by,
    };
    const atRaise = r.lat !== null && r.lng !== null ? { lat: r.lat, lng: r.lng, at: iso(r.position_at ?? r.created_at) } : null;
    return {
      id: r.id,
      status: r.status,
      role: r.role,
      raised_by: raisedBy,
      ride: {
        id: r.ride_id,
        status: r.ride_status,
        pickup: r.pickup_label ?? coords(r.pickup_lat, r.pickup_lng),
        destination: r.dropoff_label ?? coords(r.dropoff_lat, r.dropoff_lng),
        rider,
        driver,
      },
      position: fixes.get(r.ride_id) ?? atRaise,
      ticket: r.ticket_id && r.ticket_number != null ? { id: r.ticket_id, number: ticketNumber(r.ticket_number) } : null,
      created_at: iso(r.created_at),
      resolved_at: r.resolved_at ? iso(r.resolved_at) : null,
      resolved_by_name: r.resolved_by_name ?? null,
      note: r.note,
    };
  });
}
