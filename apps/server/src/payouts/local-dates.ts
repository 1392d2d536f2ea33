/**
 * Local calendar dates (YYYY-MM-DD) of a city's time zone, as plain strings: the day arithmetic happens on
 * dates, never on instants, so a daylight-saving change cannot shift a day. The database turns a local date
 * into an instant (`(date)::timestamp at time zone tz`).
 */
export function localDate(at: Date, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

const toUtc = (date: string) => Date.parse(`${date}T00:00:00Z`);
const fromUtc = (t: number) => new Date(t).toISOString().slice(0, 10);

export const addDays = (date: string, days: number) => fromUtc(toUtc(date) + days * 86_400_000);
/** 0 = Sunday … 6 = Saturday, as financial settings' payout weekday. */
export const weekdayOf = (date: string) => new Date(toUtc(date)).getUTCDay();
/** The Monday of the date's week (weeks run Monday to Sunday). */
export const mondayOf = (date: string) => addDays(date, -((weekdayOf(date) + 6) % 7));
export const firstOfMonth = (date: string) => `${date.slice(0, 8)}01`;
export const isLocalDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && fromUtc(toUtc(value)) === value;

/** Every date from `from` to `to` inclusive. */
export function datesBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** The first date on or after `date` that falls on `weekday`. */
export const nextWeekday = (date: string, weekday: number) => addDays(date, (weekday - weekdayOf(date) + 7) % 7);
