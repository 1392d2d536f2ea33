/** A calendar day as the browser's date input gives it: YYYY-MM-DD. */
export const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Today and `days - 1` days before it, as YYYY-MM-DD in the browser's time zone. */
export function lastDays(days: number, now = new Date()): { from: string; to: string } {
  const iso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (days - 1));
  return { from: iso(start), to: iso(now) };
}

/** The range in the address (`from`, `to`), or the last `defaultDays` days when either is missing or not a day. */
export function rangeFromParams(params: URLSearchParams, defaultDays: number) {
  const fallback = lastDays(defaultDays);
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return { from: ISO_DAY.test(from) ? from : fallback.from, to: ISO_DAY.test(to) ? to : fallback.to };
}
