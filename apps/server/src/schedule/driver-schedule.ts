import { type DriverSchedule, type PutWeek, type TimeOff, type TimeOffInput, toMinutes } from '@openride/shared/schedule/schemas';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { badRequest, notFound } from '../lib/errors';
import { inTransaction } from '../lib/transaction';
import { asIntervals, blocksOf, cityOfDriver, DEFAULT_REMINDER_MINUTES, timeOffOf } from './schedule.repo';
import { blockView, describeShift, upcomingShifts } from './shifts';

const timeOffView = (r: { id: string; starts_at: Date; ends_at: Date; note: string | null }): TimeOff => ({
  id: r.id,
  starts_at: new Date(r.starts_at).toISOString(),
  ends_at: new Date(r.ends_at).toISOString(),
  note: r.note,
});

/** A driver's week, their time off to come and their next shift (time off taken out), in their city's time zone. */
export async function getSchedule(db: Kysely<DB>, driverId: string, now = new Date()): Promise<DriverSchedule> {
  const [city, blocks, timeOff, row] = await Promise.all([
    cityOfDriver(db, driverId),
    blocksOf(db, [driverId]),
    timeOffOf(db, [driverId], now),
    db.selectFrom('driver_schedules').select('reminder_minutes').where('driver_id', '=', driverId).executeTakeFirst(),
  ]);
  const [next] = upcomingShifts(blocks, asIntervals(timeOff), city.timezone, now.getTime());
  return {
    driver_id: driverId,
    city,
    blocks: blocks.map(blockView),
    time_off: timeOff.map(timeOffView),
    next_shift: next ? describeShift(next, city.timezone) : null,
    reminder_minutes: row?.reminder_minutes ?? DEFAULT_REMINDER_MINUTES,
  };
}

/** The admin's read of any driver's schedule: an unknown driver is 404. */
export async function getDriverSchedule(db: Kysely<DB>, driverId: string) {
  const driver = await db.selectFrom('drivers').select('id').where('id', '=', driverId).executeTakeFirst();
  if (!driver) throw notFound('Driver not found');
  return getSchedule(db, driver.id);
}

/** Replace the driver's whole week in one transaction (the input is already validated: no overlaps, 15-minute steps). */
export async function putWeek(db: Kysely<DB>, driverId: string, input: PutWeek) {
  const cityId = input.city_id ?? (await cityOfDriver(db, driverId)).id;
  if (input.city_id && !(await db.selectFrom('cities').select('id').where('id', '=', input.city_id).executeTakeFirst()))
    throw badRequest(`No city "${input.city_id}"`);
  await inTransaction(db, async (trx) => {
    await trx
      .insertInto('driver_schedules')
      .values({ driver_id: driverId, city_id: cityId })
      .onConflict((oc) => oc.column('driver_id').doUpdateSet({ city_id: cityId, updated_at: new Date() }))
      .execute();
    await trx.deleteFrom('driver_schedule_blocks').where('driver_id', '=', driverId).execute();
    if (input.blocks.length > 0) {
      await trx
        .insertInto('driver_schedule_blocks')
        .values(input.blocks.map((b) => ({ driver_id: driverId, weekday: b.weekday, start_minute: toMinutes(b.start), end_minute: toMinutes(b.end) })))
        .execute();
    }
  });
  return getSchedule(db, driverId);
}

export async function addTimeOff(db: Kysely<DB>, driverId: string, input: TimeOffInput, now = new Date()) {
  if (Date.parse(input.ends_at) <= now.getTime()) throw badRequest('Time off must end in the future');
  const row = await db
    .insertInto('driver_time_off')
    .values({ driver_id: driverId, starts_at: new Date(input.starts_at), ends_at: new Date(input.ends_at), note: input.note || null })
    .returning(['id', 'starts_at', 'ends_at', 'note'])
    .executeTakeFirstOrThrow();
  return timeOffView(row);
}

/** Only the driver's own time off: another driver's id is as unknown as a made-up one (404). */
export async function removeTimeOff(db: Kysely<DB>, driverId: string, id: string) {
  const gone = await db.deleteFrom('driver_time_off').where('id', '=', id).where('driver_id', '=', driverId).executeTakeFirst();
  if (Number(gone.numDeletedRows) === 0) throw notFound('No such time off');
}
