import type { Analytics } from '@openride/shared/analytics/schemas';

export const CSV_COLUMNS = ['day', 'requested', 'completed', 'cancelled_by_rider', 'cancelled_by_driver', 'cancelled_by_operator', 'no_driver', 'active', 'fares_cents'] as const;

/** The per-day table as CSV (RFC 4180: CRLF lines; no field here needs quoting — days and integers). */
export function analyticsCsv(a: Analytics): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const d of a.days) lines.push(CSV_COLUMNS.map((c) => String(d[c])).join(','));
  return lines.join('\r\n') + '\r\n';
}

/** Today and `days - 1` days before it, as YYYY-MM-DD in the browser's time zone. */
export function lastDays(days: number, now = new Date()): { from: string; to: string } {
  const iso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (days - 1));
  return { from: iso(start), to: iso(now) };
}
