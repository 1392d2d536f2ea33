import { SERVER_LOCALE } from './money';

/**
 * Time in the city's zone (issue 30 §4): a ride, an invoice or a statement happened in a city, and its
 * documents say its time as the city's clock read it, with the zone named — never the server's UTC. The
 * reader's locale chooses the words; the server's own documents use SERVER_LOCALE until messages follow the
 * recipient's language (§1).
 */

const formats = new Map<string, Intl.DateTimeFormat>();
function formatOf(locale: string, timeZone: string, options: Intl.DateTimeFormatOptions) {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formats.set(key, format);
  }
  return format;
}

/** "Dec 2, 2026, 10:45 AM PST": an instant as the city's clock read it, its zone named. */
export function formatDateTimeIn(at: string | Date, timeZone: string, locale: string = SERVER_LOCALE): string {
  return formatOf(locale, timeZone, { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(
    new Date(at),
  );
}

/**
 * ISO 8601 with the city's offset, for exports: 2026-12-02T18:45:00Z in America/Los_Angeles →
 * "2026-12-02T10:45:00-08:00"; in Asia/Kolkata "2026-12-03T00:15:00+05:30". Seconds kept, milliseconds dropped.
 */
export function isoInZone(at: string | Date, timeZone: string): string {
  const parts = Object.fromEntries(
    formatOf('en-GB', timeZone, {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
    })
      .formatToParts(new Date(at))
      .map((p) => [p.type, p.value]),
  );
  // "GMT-08:00", "GMT+05:30", or "GMT" for a zero offset.
  const offset = parts.timeZoneName === 'GMT' ? '+00:00' : parts.timeZoneName!.replace('GMT', '');
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
}

const ISO_WEEKDAY: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** What a city's wall clock read at an instant: its date, time, ISO weekday (1 = Monday) and minutes since midnight. */
export type WallClock = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
  minuteOfDay: number;
  /** The wall clock's reading taken as if it were UTC (ms): minus the instant, the zone's offset then. */
  asUtc: number;
};

/**
 * The city's wall clock at `at` (issue 30 §4): the one reading of a time zone every rule on local time uses —
 * fare windows, corporate allowed hours, shifts, demand by hour.
 */
export function wallClock(at: string | number | Date, timeZone: string): WallClock {
  const parts = formatOf('en-GB', timeZone, {
    weekday: 'short',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(at));
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const [year, month, day, minute, second] = [get('year'), get('month'), get('day'), get('minute'), get('second')].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const hour = Number(get('hour')) % 24;
  return {
    year,
    month,
    day,
    hour,
    minute,
    second,
    weekday: ISO_WEEKDAY[get('weekday')] ?? 1,
    minuteOfDay: hour * 60 + minute,
    asUtc: Date.UTC(year, month - 1, day, hour, minute, second),
  };
}
