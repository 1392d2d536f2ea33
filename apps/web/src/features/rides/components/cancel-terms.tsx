import type { RideView } from '@openride/shared/rides/views';
import { riderText } from '@openride/shared/rides/rider-text';
import { useCountdown } from '../hooks/use-countdown';
import { formatClock, formatMoney } from '../lib/format';
import { onOurClock } from '../lib/server-clock';

const text = riderText.track;
/** The longest free window a policy may set (an hour): the countdown never shows more. */
const MAX_WINDOW_S = 3600;

/**
 * What cancelling costs the rider at this moment (decision 0033), from the terms the server sent: free until
 * `free_cancel_until` (counted down live), then the policy's fee unless it is waived because the driver is late.
 */
export function useCancelCost(ride: Pick<RideView, 'cancel_terms' | 'currency'>, receivedAt: number) {
  const terms = ride.cancel_terms;
  const left = useCountdown(onOurClock(terms?.free_cancel_until, terms?.as_of, receivedAt), MAX_WINDOW_S);
  if (!terms) return { kind: 'free' as const };
  if (!terms.free_cancel_until) return { kind: 'free' as const };
  if (left > 0) return { kind: 'window' as const, left };
  if (terms.waived_now) return { kind: 'waived' as const };
  const fee = terms.late_cancel_fee_cents;
  return fee > 0 ? { kind: 'fee' as const, money: formatMoney(fee, ride.currency) } : { kind: 'free' as const };
}
export type CancelCost = ReturnType<typeof useCancelCost>;

/** The line beside the Cancel button: the free window counting down. */
export function FreeCancelCountdown({ cost }: { cost: CancelCost }) {
  if (cost.kind !== 'window') return null;
  return <p className="text-center text-sm font-medium text-ink-700 tabular-nums">{text.freeCancelFor(formatClock(cost.left))}</p>;
}

/** The sentence in the cancel dialog: what this cancel costs, and why. */
export function cancelCostText(cost: CancelCost): string {
  if (cost.kind === 'fee') return `${text.cancelFeeNow(cost.money)} ${text.cancelFeeWhy}`;
  if (cost.kind === 'waived') return text.cancelFreeDriverLate;
  if (cost.kind === 'window') return `${text.cancelFreeNow} ${text.freeCancelFor(formatClock(cost.left))}`;
  return text.cancelFreeNow;
}

/** After the cancel: the fee recorded on the ride, charged or waived and why. */
export function recordedFeeText(ride: Pick<RideView, 'cancellation_fee' | 'currency'>): string | null {
  const fee = ride.cancellation_fee;
  if (!fee) return null;
  const money = formatMoney(fee.amount_cents, ride.currency);
  if (fee.waived) return text.feeWaived(money);
  return fee.reason === 'no_show' ? text.noShowCharged(money) : text.feeCharged(money);
}
