import type { RideMoney } from '../refunds/views';

/** How a receipt says a ride was paid, one row each: a method's share of the fare, a declined card now owed, the tip by how it was given. */
export const RECEIPT_PAYMENT_KINDS = ['cash', 'card', 'wallet', 'company', 'declined', 'tip_cash', 'tip_card', 'tip_wallet'] as const;
export type ReceiptPaymentKind = (typeof RECEIPT_PAYMENT_KINDS)[number];
export type ReceiptPayment = { kind: ReceiptPaymentKind; amount_cents: number };

/**
 * A receipt's total and how it was paid (issue 27), every figure the ledger's (`RideMoney`, integer minor units):
 * the fare's part by method (cash, card, wallet credit, the company's account; carried fees are inside them), a
 * card capture refused for good (owed instead), and the tip as its own row by how it was given. The rows sum to
 * the total, and the receipt's charge lines — the fare's lines, less the promotion, plus carried fees and the
 * tip — sum to it too (`receiptChargesCents`): the ledger posted exactly those.
 */
export function receiptTotals(money: RideMoney): { total_cents: number; payments: ReceiptPayment[] } {
  const rows: ReceiptPayment[] = [
    { kind: 'cash', amount_cents: money.cash_cents },
    { kind: 'card', amount_cents: money.card_cents },
    { kind: 'wallet', amount_cents: money.wallet_cents },
    { kind: 'company', amount_cents: money.business_cents },
    { kind: 'declined', amount_cents: money.declined_cents },
    { kind: `tip_${money.tip_method ?? 'cash'}`, amount_cents: money.tip_cents },
  ];
  const payments = rows.filter((r) => r.amount_cents !== 0);
  return { total_cents: payments.reduce((sum, r) => sum + r.amount_cents, 0), payments };
}
