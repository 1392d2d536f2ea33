import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../apps/server/src/db/schema';
import { seedUsers, type SeededUser } from './accounts';

/** The demo city every migration creates ('sf'): its centre, where seeded drivers and rides are placed. */
export const SF = { lat: 37.7749, lng: -122.4194 };

export type SeededDriver = SeededUser & { driverId: string };
export type SeededPair = { driver: SeededDriver; rider: SeededUser; rideId: string };

/** Approved drivers, switched online (drivers rows as migrations 0002–0003 define them), each with a verified car (0019). */
export async function seedDrivers(db: Kysely<DB>, count: number, prefix: string, chunk = 1000): Promise<SeededDriver[]> {
  const users = await seedUsers(db, count, { prefix, role: 'driver', chunk });
  const out: SeededDriver[] = [];
  for (let start = 0; start < users.length; start += chunk) {
    const batch = users.slice(start, start + chunk);
    const rows = await db
      .insertInto('drivers')
      .values(
        batch.map((u, j) => ({
          user_id: u.id,
          status: 'available',
          verification_status: 'approved',
          full_name: `Bench Driver ${start + j}`,
          phone: `+1415${String(5_000_000 + start + j).padStart(7, '0')}`,
          license_number: `D${start + j}`,
          vehicle_make: 'Toyota',
          vehicle_model: 'Prius',
          vehicle_year: 2021,
          vehicle_color: 'Blue',
          license_plate: `B${String(start + j).padStart(6, '0')}`,
        })),
      )
      .returning(['id', 'user_id'])
      .execute();
    // Each with its car, verified and active (migration 0019): dispatch offers rides only to such drivers.
    await db
      .insertInto('vehicles')
      .values(
        rows.map((r, j) => ({
          driver_id: r.id,
          make: 'Toyota',
          model: 'Prius',
          year: 2021,
          color: 'Blue',
          license_plate: `B${String(start + j).padStart(6, '0')}`,
          seats: 4,
          status: 'verified' as const,
          active: true,
        })),
      )
      .execute();
    const byUser = new Map(rows.map((r) => [r.user_id, r.id]));
    for (const u of batch) out.push({ ...u, driverId: byUser.get(u.id)! });
  }
  return out;
}

/**
 * N drivers each on a ride (in progress) with a rider of their own, as migrations 0004–0005 define rides:
 * what the location bench needs before the server starts.
 */
export async function seedRidePairs(db: Kysely<DB>, count: number, prefix: string, chunk = 1000): Promise<SeededPair[]> {
  const drivers = await seedDrivers(db, count, `${prefix}-d`, chunk);
  const riders = await seedUsers(db, count, { prefix: `${prefix}-r`, chunk });
  const pairs: SeededPair[] = [];
  for (let start = 0; start < count; start += chunk) {
    const now = new Date();
    const values = [];
    for (let i = start; i < Math.min(count, start + chunk); i++) {
      const p = spot(i);
      values.push({
        city_id: 'sf',
        rider_id: riders[i]!.id,
        driver_id: drivers[i]!.driverId,
        ride_type: 'economy' as const,
        status: 'in_progress' as const,
        pickup_lat: p.lat,
        pickup_lng: p.lng,
        dropoff_lat: p.lat + 0.02,
        dropoff_lng: p.lng + 0.01,
        distance_m: 2500,
        duration_s: 600,
        fare_cents: 1200,
        currency: 'USD',
        payment_method: 'cash' as const,
        pin: '1234',
        share_token: randomBytes(32).toString('base64url'),
        requested_at: now,
        accepted_at: now,
        started_at: now,
      });
    }
    const rows = await db.insertInto('rides').values(values).returning(['id', 'rider_id']).execute();
    const byRider = new Map(rows.map((r) => [r.rider_id, r.id]));
    for (let i = start; i < Math.min(count, start + chunk); i++) pairs.push({ driver: drivers[i]!, rider: riders[i]!, rideId: byRider.get(riders[i]!.id)! });
  }
  return pairs;
}

/** A spot in San Francisco for the i-th pair, spread over ~10 km. */
export function spot(i: number) {
  const a = (i * 2.399963) % (2 * Math.PI);
  const r = 0.05 * Math.sqrt((i % 997) / 997);
  return { lat: SF.lat + r * Math.cos(a), lng: SF.lng + r * Math.sin(a) };
}
