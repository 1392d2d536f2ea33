import { scheduleText } from '@openride/shared/schedule/schedule-text';
import { createNotification } from '../notifications/create-notification';
import { inTransaction } from '../lib/transaction';
import { asIntervals, blocksOf, byDriver, timeOffOf } from './schedule.repo';
import { describeShift, upcomingShifts } from './shifts';
import type { Ports } from '../ports';

/** Every 5 minutes (UTC): pg-boss queues one `shift-reminders` job per slot across all processes. */
export const SHIFT_REMINDERS_CRON = '*/5 * * * *';

/**
 * The `shift-reminders` job (decision 0047): for each approved, unsuspended, offline driver with a schedule,
 * a shift (time off taken out) starting within their reminder minutes gets one notification. The row in
 * `driver_shift_reminders` (primary key driver and shift start) is written in the notification's transaction,
 * so a second run, process or retry sends nothing more. A driver already online, or on time off over the
 * start, is not reminded. Answers the reminders it sent.
 */
export async function sendShiftReminders(services: Pick<Ports, 'db' | 'bus' | 'push'>, now = new Date()) {
  const { db } = services;
  const drivers = await db
    .selectFrom('driver_schedules as s')
    .innerJoin('drivers as d', 'd.id', 's.driver_id')
    .innerJoin('cities as c', 'c.id', 's.city_id')
    .select(['d.id as driver_id', 'd.user_id', 's.reminder_minutes', 'c.timezone'])
    .where('d.verification_status', '=', 'approved')
    .where('d.suspended_at', 'is', null)
    .where('d.status', '=', 'offline')
    .where('s.reminder_minutes', '>', 0)
    .execute();
  const ids = drivers.map((d) => d.driver_id);
  const [blocks, timeOff] = await Promise.all([blocksOf(db, ids), timeOffOf(db, ids, now)]);
  const blocksBy = byDriver(blocks);
  const offBy = byDriver(timeOff);

  const sent: Array<{ driver_id: string; shift_start: string }> = [];
  for (const d of drivers) {
    const until = now.getTime() + d.reminder_minutes * 60_000;
    const due = upcomingShifts(blocksBy.get(d.driver_id) ?? [], asIntervals(offBy.get(d.driver_id) ?? []), d.timezone, now.getTime(), 1).filter(
      (s) => s.start > now.getTime() && s.start <= until,
    );
    for (const shift of due) {
      const notice = await inTransaction(db, async (trx) => {
        const claimed = await trx
          .insertInto('driver_shift_reminders')
          .values({ driver_id: d.driver_id, shift_start: new Date(shift.start) })
          .onConflict((oc) => oc.columns(['driver_id', 'shift_start']).doNothing())
          .returning('driver_id')
          .executeTakeFirst();
        if (!claimed) return null;
        const minutes = Math.round((shift.start - now.getTime()) / 60_000);
        return createNotification(trx, services, {
          user_id: d.user_id,
          booking_id: null,
          ...scheduleText.reminder(describeShift(shift, d.timezone), minutes),
          kind: 'account',
          link: '/driver-schedule',
        });
      });
      if (!notice) continue;
      await notice.publish();
      sent.push({ driver_id: d.driver_id, shift_start: new Date(shift.start).toISOString() });
    }
  }
  return sent;
}
