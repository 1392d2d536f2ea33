import { wallClock } from '@openride/shared/time';
import { fromMinutes } from '@openride/shared/schedule/schemas';
import { addDays, localDate, weekdayOf } from '../payouts/local-dates';

/** A weekly block as stored: minutes from local midnight, `end_minute` up to 1440 (midnight at its end). */
export type Block = { weekday: number; start_minute: number; end_minute: number };
export type Interval = { start: number; end: number };

/** The offset of `timeZone` from UTC at the instant `t` (ms), e.g. −7 h in Los Angeles in summer. */
function offsetAt(t: number, timeZone: string) {
  return wallClock(t, timeZone).asUtc - Math.floor(t / 1000) * 1000;
}

/**
 * The instant of a local date and minute in `timeZone`. A time skipped by a daylight-saving change (02:30 on
 * the spring-forward night) lands an hour off; nothing else moves.
 */
export function localToInstant(date: string, minute: number, timeZone: string): number {
  const guess = Date.parse(`${date}T00:00:00Z`) + minute * 60_000;
  const first = guess - offsetAt(guess, timeZone);
  return guess - offsetAt(first, timeZone);
}

/** Local "HH:MM" of an instant in `timeZone`. */
export function localTime(t: number, timeZone: string) {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hourCycle: 'h23', hour: '2-digit', minute: '2-digit' }).format(new Date(t));
}

/**
 * The driver's shifts as instants from the local date `fromDate` for `days` days: each block on its date,
 * touching blocks joined (a Fri 22:00–24:00 and Sat 00:00–04:00 pair is one night shift), then every time
 * off cut out of them (time off overrides the week). Sorted, non-overlapping.
 */
export function shiftsBetween(blocks: Block[], timeOff: Interval[], timeZone: string, fromDate: string, days: number): Interval[] {
  const raw: Interval[] = [];
  for (let i = 0; i < days; i++) {
    const date = addDays(fromDate, i);
    const weekday = weekdayOf(date);
    for (const b of blocks) {
      if (b.weekday !== weekday) continue;
      raw.push({ start: localToInstant(date, b.start_minute, timeZone), end: localToInstant(date, b.end_minute, timeZone) });
    }
  }
  raw.sort((a, b) => a.start - b.start);
  const joined: Interval[] = [];
  for (const s of raw) {
    const last = joined.at(-1);
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else joined.push({ ...s });
  }
  return subtract(joined, timeOff);
}

/** `shifts` minus every interval of `off`. */
export function subtract(shifts: Interval[], off: Interval[]): Interval[] {
  let out = shifts;
  for (const o of off) {
    out = out.flatMap((s) => {
      if (o.end <= s.start || o.start >= s.end) return [s];
      const parts: Interval[] = [];
      if (o.start > s.start) parts.push({ start: s.start, end: o.start });
      if (o.end < s.end) parts.push({ start: o.end, end: s.end });
      return parts;
    });
  }
  return out;
}

/** Shifts over the coming days that have not ended by `now`, from yesterday (a night shift under way began then). */
export function upcomingShifts(blocks: Block[], timeOff: Interval[], timeZone: string, now: number, days = 8) {
  const yesterday = addDays(localDate(new Date(now), timeZone), -1);
  return shiftsBetween(blocks, timeOff, timeZone, yesterday, days + 1).filter((s) => s.end > now);
}

/** A shift as the driver reads it: instants plus weekday and "HH:MM" in the city's time zone. */
export function describeShift(s: Interval, timeZone: string) {
  const end = localTime(s.end, timeZone);
  return {
    starts_at: new Date(s.start).toISOString(),
    ends_at: new Date(s.end).toISOString(),
    weekday: weekdayOf(localDate(new Date(s.start), timeZone)),
    start: localTime(s.start, timeZone),
    // A shift that ends at local midnight reads 24:00, as it was written.
    end: end === '00:00' ? '24:00' : end,
  };
}

export const blockView = (b: Block) => ({ weekday: b.weekday, start: fromMinutes(b.start_minute), end: fromMinutes(b.end_minute) });
