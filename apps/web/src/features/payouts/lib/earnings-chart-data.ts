type Day = { net_cents: number; cash_collected_cents: number };

/**
 * Whether the period's chart has anything to draw (issue 27): a period of zero days draws a $0.00–$0.04 axis
 * (recharts' default domain for all-zero bars), so it gets the empty state instead.
 */
export const hasEarningsToChart = (days: readonly Day[]): boolean => days.some((d) => d.net_cents !== 0 || d.cash_collected_cents !== 0);
