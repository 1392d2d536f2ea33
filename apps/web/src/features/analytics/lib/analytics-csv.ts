import type { Analytics } from '@openride/shared/analytics/schemas';

export const CSV_COLUMNS = [
  'day',
  'requested',
  'completed',
  'cancelled_by_rider',
  'cancelled_by_driver',
  'cancelled_by_operator',
  'no_driver',
  'active',
  'fares_cents',
] as const;

/** The per-day table as CSV (RFC 4180: CRLF lines; no field here needs quoting — days and integers). */
export function analyticsCsv(a: Analytics): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const d of a.days) lines.push(CSV_COLUMNS.map((c) => String(d[c])).join(','));
  return lines.join('\r\n') + '\r\n';
}
