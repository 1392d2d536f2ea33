/**
 * How a ride's total (fare + owed fees) is paid (decision 0038): wallet credit first, as much as is available
 * when the rider uses it, and the rest by the method chosen. Integer cents; the parts always add up to the total.
 */
export function planRidePayment(totalCents: number, walletAvailableCents: number, useWallet: boolean, method: 'cash' | 'card') {
  if (!Number.isSafeInteger(totalCents) || totalCents < 0) throw new RangeError(`planRidePayment: total must be a non-negative integer, got ${totalCents}`);
  const wallet = useWallet ? Math.min(Math.max(0, Math.trunc(walletAvailableCents)), totalCents) : 0;
  const rest = totalCents - wallet;
  return { wallet_cents: wallet, card_cents: method === 'card' ? rest : 0, cash_cents: method === 'cash' ? rest : 0 };
}
