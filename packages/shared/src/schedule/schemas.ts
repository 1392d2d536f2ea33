import { z } from 'zod';
import { WEEKDAY_SHORT } from './weekdays';

/**
 * A driver's schedule (issue 14, decision 0047): weekly blocks in the city's local time and one-off time off.
 * Times are "HH:MM" on 15-minute steps; a block ends after it starts on the same day, "24:00" meaning
 * midnight at its end. A night shift is two blocks (Fri 22:00–24:00 and Sat 00:00–04:00): they are joined
 * into one shift wherever shifts are counted (next shift, reminders, coverage).
 */

export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
// In a file without zod, so the words (schedule-text.ts) load without the schema library (decision 0050).
export { WEEKDAY_SHORT } from './weekdays';
/** The days as a driver reads a week: Monday first. */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;
export const STEP_MINUTES = 15;
export const MAX_BLOCKS = 50;
export const MAX_TIME_OFF_DAYS = 90;
export const NOTE_MAX = 200;

export const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
export const fromMinutes = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

const timeSchema = z
  .string()
  .regex(/^([01]\d|2[0-4]):[0-5]\d$/, 'Write times as HH:MM, e.g. 07:00')
  .refine((t) => toMinutes(t) <= 24 * 60, 'The latest time is 24:00')
  .refine((t) => toMinutes(t) % STEP_MINUTES === 0, 'Times go in 15-minute steps (:00, :15, :30, :45)');

export const scheduleBlockSchema = z
  .object({
    weekday: z.number().int().min(0, 'weekday is 0 (Sunday) to 6 (Saturday)').max(6, 'weekday is 0 (Sunday) to 6 (Saturday)'),
    start: timeSchema,
    end: timeSchema,
  })
  .strict()
  .refine((b) => toMinutes(b.end) > toMinutes(b.start), { message: 'A block must end after it starts (split a night shift at 24:00)', path: ['end'] })
  .refine((b) => b.start !== '24:00', { message: 'A block cannot start at 24:00', path: ['start'] });
export type ScheduleBlock = z.infer<typeof scheduleBlockSchema>;

/** PUT /api/drivers/me/schedule: the whole week at once (what is not sent is removed). */
export const putWeekSchema = z
  .object({
    blocks: z.array(scheduleBlockSchema).max(MAX_BLOCKS, `At most ${MAX_BLOCKS} blocks a week`),
    /** The city whose time zone the blocks are in; default: the schedule's city, else the driver's last ride's, else the first. */
    city_id: z.string().min(1).max(64).optional(),
  })
  .strict()
  .superRefine((week, ctx) => {
    const byDay = new Map<number, ScheduleBlock[]>();
    for (const b of week.blocks) byDay.set(b.weekday, [...(byDay.get(b.weekday) ?? []), b]);
    for (const [day, blocks] of byDay) {
      const sorted = [...blocks].sort((a, b) => toMinutes(a.start) - toMinutes(b.start));
      for (let i = 1; i < sorted.length; i++) {
        if (toMinutes(sorted[i]!.start) < toMinutes(sorted[i - 1]!.end)) {
          ctx.addIssue({
            code: 'custom',
            message: `${WEEKDAY_SHORT[day]}: ${sorted[i - 1]!.start}–${sorted[i - 1]!.end} and ${sorted[i]!.start}–${sorted[i]!.end} overlap`,
            path: ['blocks'],
          });
          return;
        }
      }
    }
  });
export type PutWeek = z.infer<typeof putWeekSchema>;

export const timeOffInputSchema = z
  .object({
    starts_at: z.iso.datetime({ offset: true, message: 'starts_at must be a date and time with a time zone' }),
    ends_at: z.iso.datetime({ offset: true, message: 'ends_at must be a date and time with a time zone' }),
    note: z.string().trim().max(NOTE_MAX, `A note is at most ${NOTE_MAX} characters`).optional(),
  })
  .strict()
  .refine((t) => Date.parse(t.ends_at) > Date.parse(t.starts_at), { message: 'Time off must end after it starts', path: ['ends_at'] })
  .refine((t) => Date.parse(t.ends_at) - Date.parse(t.starts_at) <= MAX_TIME_OFF_DAYS * 86_400_000, {
    message: `Time off is at most ${MAX_TIME_OFF_DAYS} days at once`,
    path: ['ends_at'],
  });
export type TimeOffInput = z.infer<typeof timeOffInputSchema>;

export const timeOffSchema = z.object({ id: z.string(), starts_at: z.string(), ends_at: z.string(), note: z.string().nullable() });
export type TimeOff = z.infer<typeof timeOffSchema>;

/** A shift as a driver reads it: instants, and the weekday and times in the city's time zone. */
export const shiftSchema = z.object({ starts_at: z.string(), ends_at: z.string(), weekday: z.number().int(), start: z.string(), end: z.string() });
export type Shift = z.infer<typeof shiftSchema>;

export const driverScheduleSchema = z.object({
  driver_id: z.string(),
  city: z.object({ id: z.string(), name: z.string(), timezone: z.string() }),
  blocks: z.array(z.object({ weekday: z.number().int(), start: z.string(), end: z.string() })),
  /** Time off that has not ended yet, soonest first. */
  time_off: z.array(timeOffSchema),
  /** The next shift (or the one under way) after time off is taken out; null without one in the coming 8 days. */
  next_shift: shiftSchema.nullable(),
  reminder_minutes: z.number().int(),
});
export type DriverSchedule = z.infer<typeof driverScheduleSchema>;
export const driverScheduleResponseSchema = z.object({ schedule: driverScheduleSchema });
export const timeOffResponseSchema = z.object({ time_off: timeOffSchema });

export const coverageQuerySchema = z.object({ city: z.string().min(1, 'Choose a city').max(64) }).strict();
export const coverageCellSchema = z.object({
  weekday: z.number().int(),
  hour: z.number().int(),
  /** The local date of that hour in the coming week. */
  date: z.string(),
  /** Drivers scheduled for any part of the hour (time off taken out). */
  scheduled: z.number().int(),
  /** Rides requested in that hour of the week, averaged over the last 4 weeks. */
  rides: z.number(),
});
export type CoverageCell = z.infer<typeof coverageCellSchema>;
export const coverageSchema = z.object({
  city: z.object({ id: z.string(), name: z.string(), timezone: z.string() }),
  weeks: z.number().int(),
  /** 7 × 24 cells, today's weekday first, hours 0–23. */
  cells: z.array(coverageCellSchema),
  /** The hour with the most rides per scheduled driver (null when no hour had rides). */
  most_short: coverageCellSchema.nullable(),
});
export type Coverage = z.infer<typeof coverageSchema>;
