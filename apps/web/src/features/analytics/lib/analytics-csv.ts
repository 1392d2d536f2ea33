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
] as const;

/**
 * The per-day table as CSV (RFC 4180: CRLF lines; no field here needs quoting — days, integers and currency
 * codes). Fares take one column per currency (`fares_USD`, in minor units): two currencies are never added.
 */
export function analyticsCsv(a: Pick<Analytics, 'days' | 'currencies'>): string {
  const lines = [[...CSV_COLUMNS, ...a.currencies.map((c) => `fares_${c}`)].join(',')];
  for (const d of a.days) lines.push([...CSV_COLUMNS.map((c) => String(d[c])), ...a.currencies.map((c) => String(d.fares[c] ?? 0))].join(','));
  return lines.join('\r\n') + '\r\n';
}
