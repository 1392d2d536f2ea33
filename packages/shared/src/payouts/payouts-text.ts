import { moneyIn } from '../public/public-text';

const dateWords = (iso: string, timeZone: string) => new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone }).format(new Date(iso));

/**
 * The sentence a driver reads when going online is refused (DRIVER_BALANCE_OVERDUE): how much, since when,
 * and how to pay. The server writes it (en-US money); /driver-active and /driver-earnings show it.
 */
export function overdueMessage(s: { currency: string; balance_cents: number; settle_cents: number; negative_balance_limit_cents: number; settle_by: string | null }, timeZone: string) {
  const money = moneyIn(s.currency);
  const since = s.settle_by ? ` The time to settle ended ${dateWords(s.settle_by, timeZone)}.` : '';
  return `You owe ${money(s.balance_cents)}, more than your ${money(s.negative_balance_limit_cents)} limit.${since} Pay at least ${money(s.settle_cents)} in cash to the operator to go online again; it counts as soon as they record it.`;
}

/** What each kind of transaction on a driver's account is called on their statement. */
export const TRANSACTION_WORDS: Record<string, string> = {
  'ride.completed': 'Ride',
  'ride.cancellation_fee': 'Cancellation fee',
  'ride.tip': 'Tip',
  refund: 'Refund',
  'wallet.credit': 'Credit',
  payout: 'Payout to your bank',
  'payout.paid': 'Payout paid',
  'payout.failed': 'Payout returned',
  'driver.cash_received': 'Cash handed in',
  adjustment: 'Adjustment',
  reversal: 'Correction',
};
export const transactionWords = (kind: string) => TRANSACTION_WORDS[kind] ?? kind;
