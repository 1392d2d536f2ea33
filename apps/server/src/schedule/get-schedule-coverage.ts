import type { Coverage, CoverageCell } from '@openride/shared/schedule/schemas';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { notFound } from '../lib/errors';
import { addDays, localDate, weekdayOf } from '../payouts/local-dates';
import { asIntervals, blocksOf, byDriver, timeOffOf } from './schedule.repo';
import { localToInstant, shiftsBetween } from './shifts';

/** The look-back of the demand series, in weeks. */
export const DEMAND_WEEKS = 4;

/**
 * /driver-admin-dashboard's coverage (decision 0047), for one city in its time zone: for each hour of the
 * coming 7 local days (today first), the approved drivers scheduled for any part of it (time off taken out),
 * beside the rides requested in that hour of the week over the last 4 whole weeks before today, divided by 4
 * (the hour-of-day grouping of /driver-heatmap's demand query, by weekday too). `most_short` is the hour with
 * the most rides per scheduled driver, counting one more driver so an hour with none still compares.
 */
export async function getScheduleCoverage(db: Kysely<DB>, cityId: string, now = new Date()): Promise<Coverage> {
  const city = await db.selectFrom('cities').select(['id', 'name', 'timezone']).where('id', '=', cityId).executeTakeFirst();
  if (!city) throw notFound('No such city');
  const tz = city.timezone;
  const today = localDate(now, tz);
  const start = sql<Date>`(${addDays(today, -7 * DEMAND_WEEKS)}::date)::timestamp at time zone ${tz}`;
  const end = sql<Date>`(${today}::date)::timestamp at time zone ${tz}`;
  const local = sql`(r.requested_at at time zone ${tz})`;

  const [demand, drivers] = await Promise.all([
    sql<{ dow: number; hour: number; n: number }>`
      select extract(dow from ${local})::int as dow, extract(hour from ${local})::int as hour, count(*)::int as n
      from rides r
      where r.city_id = ${city.id} and r.requested_at >= ${start} and r.requested_at < ${end}
      group by 1, 2`.execute(db),
    db
      .selectFrom('driver_schedules as s')
      .innerJoin('drivers as d', 'd.id', 's.driver_id')
      .select('d.id')
      .where('s.city_id', '=', city.id)
      .where('d.verification_status', '=', 'approved')
      .where('d.suspended_at', 'is', null)
      .execute(),
  ]);
  const ids = drivers.map((d) => d.id);
  const [blocks, timeOff] = await Promise.all([blocksOf(db, ids), timeOffOf(db, ids, now)]);
  const blocksBy = byDriver(blocks);
  const offBy = byDriver(timeOff);
  // From yesterday: a night shift that began then runs into today.
  const shifts = ids.map((id) => shiftsBetween(blocksBy.get(id) ?? [], asIntervals(offBy.get(id) ?? []), tz, addDays(today, -1), 8));
  const rides = new Map(demand.rows.map((r) => [`${Number(r.dow)}:${Number(r.hour)}`, Number(r.n)]));

  const cells: CoverageCell[] = [];
  for (let i = 0; i < 7; i++) {
    const date = addDays(today, i);
    const weekday = weekdayOf(date);
    for (let hour = 0; hour < 24; hour++) {
      const from = localToInstant(date, hour * 60, tz);
      const to = localToInstant(date, (hour + 1) * 60, tz);
      const scheduled = shifts.filter((list) => list.some((s) => s.start < to && s.end > from)).length;
      cells.push({ weekday, hour, date, scheduled, rides: Math.round(((rides.get(`${weekday}:${hour}`) ?? 0) / DEMAND_WEEKS) * 100) / 100 });
    }
  }
  const shortness = (c: CoverageCell) => c.rides / (c.scheduled + 1);
  const most_short = cells.filter((c) => c.rides > 0).reduce<CoverageCell | null>((best, c) => (!best || shortness(c) > shortness(best) ? c : best), null);
  return { city, weeks: DEMAND_WEEKS, cells, most_short };
}
