import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { domainError } from '../lib/errors';
import type { Block, Interval } from './shifts';

/** How long before a shift starts its reminder goes out, unless the schedule says otherwise. */
export const DEFAULT_REMINDER_MINUTES = 30;

/**
 * The schedule's city, else the driver's own city (decision 0074): the time zone blocks are read in. A driver
 * whose city is unknown is told to choose it (DRIVER_CITY_UNKNOWN), never given some other city's clock.
 */
export async function cityOfDriver(db: Kysely<DB>, driverId: string) {
  const own = await db.selectFrom('driver_schedules').select('city_id').where('driver_id', '=', driverId).executeTakeFirst();
  const driver = own ? undefined : await db.selectFrom('drivers').select('city_id').where('id', '=', driverId).executeTakeFirst();
  const id = own?.city_id ?? driver?.city_id;
  const city = id ? await db.selectFrom('cities').select(['id', 'name', 'timezone']).where('id', '=', id).executeTakeFirst() : undefined;
  if (!city) throw domainError('DRIVER_CITY_UNKNOWN');
  return city;
}

export function blocksOf(db: Kysely<DB>, driverIds: string[]): Promise<Array<Block & { driver_id: string }>> {
  if (driverIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('driver_schedule_blocks')
    .select(['driver_id', 'weekday', 'start_minute', 'end_minute'])
    .where('driver_id', 'in', driverIds)
    .orderBy('weekday')
    .orderBy('start_minute')
    .execute();
}

/** Time off not ended by `after`. */
export function timeOffOf(db: Kysely<DB>, driverIds: string[], after: Date) {
  if (driverIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('driver_time_off')
    .select(['id', 'driver_id', 'starts_at', 'ends_at', 'note'])
    .where('driver_id', 'in', driverIds)
    .where('ends_at', '>', after)
    .orderBy('starts_at')
    .orderBy('id')
    .execute();
}

export const asIntervals = (rows: Array<{ starts_at: Date; ends_at: Date }>): Interval[] =>
  rows.map((r) => ({ start: new Date(r.starts_at).getTime(), end: new Date(r.ends_at).getTime() }));

/** Group rows by their driver. */
export function byDriver<T extends { driver_id: string }>(rows: T[]) {
  const out = new Map<string, T[]>();
  for (const r of rows) out.set(r.driver_id, [...(out.get(r.driver_id) ?? []), r]);
  return out;
}
