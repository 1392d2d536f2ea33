/**
 * The ledger's chart of accounts, entry lines and transaction kinds (issue 13, decision 0037), shared by the
 * server that posts and the pages that show. Amounts are signed integer minor units from the platform's
 * point of view: a **debit is positive**, a credit negative; every transaction's entries sum to zero.
 *
 * Per-party accounts carry an owner: a driver's account is keyed by the driver's id (drivers.id), a rider's
 * by the user's id. A driver's account is one balance both ways: positive = the driver owes the platform
 * (cash fares collected beyond what they earned), negative = the platform owes the driver.
 */
export const PLATFORM_ACCOUNTS = [
  'commission',
  'booking_fees',
  'tax_payable',
  'promotions',
  'refunds',
  'adjustments',
  'processor_clearing',
  'bank',
  'payouts_in_flight',
  // Appended by decision 0064: what referral rewards cost the platform.
  'referrals',
] as const;
export const PARTY_ACCOUNTS = ['driver', 'rider_wallet', 'rider_owed', 'company'] as const;
export type PlatformAccount = (typeof PLATFORM_ACCOUNTS)[number];
export type PartyAccount = (typeof PARTY_ACCOUNTS)[number];
export type AccountCode = PlatformAccount | PartyAccount;

export type AccountType = 'asset' | 'liability' | 'revenue' | 'expense';

/** What each account is, for the trial balance and the dashboard's words. */
export const ACCOUNT_INFO: Record<AccountCode, { type: AccountType; label: string }> = {
  commission: { type: 'revenue', label: 'Commission revenue' },
  booking_fees: { type: 'revenue', label: 'Booking and cancellation fee revenue' },
  tax_payable: { type: 'liability', label: 'Tax payable' },
  promotions: { type: 'expense', label: 'Promotions' },
  refunds: { type: 'expense', label: 'Refunds' },
  adjustments: { type: 'expense', label: 'Manual adjustments' },
  processor_clearing: { type: 'asset', label: 'Card processor clearing' },
  bank: { type: 'asset', label: 'Bank' },
  payouts_in_flight: { type: 'liability', label: 'Payouts in flight' },
  driver: { type: 'liability', label: 'Driver balances' },
  rider_wallet: { type: 'liability', label: 'Rider wallet credit' },
  rider_owed: { type: 'asset', label: 'Amounts riders owe' },
  company: { type: 'asset', label: 'Company receivables' },
  referrals: { type: 'expense', label: 'Referral rewards' },
};

/**
 * What an entry is for, so a figure on a money page is the sum of one or more lines and drills down to them.
 * fare_cash/fare_card/fare_wallet: the rider's payment for a fare, by method (their sum over completed rides is GMV);
 * driver_earnings: the driver's share of a fare; commission, booking_fee, tax: the platform's;
 * carried_fee: an owed amount (a cancellation fee, a declined card's) paid with a later ride; card_declined: a capture refused for good, now owed; cancellation_fee(_driver): a fee charged, and the driver's share;
 * tip / tip_cash / tip_card / tip_wallet: a tip earned by the driver / how the rider paid it; refund; wallet_credit; payout; cash_received; adjustment; promotion.
 */
export const ENTRY_LINES = [
  'fare_cash',
  'fare_card',
  'fare_wallet',
  'driver_earnings',
  'commission',
  'booking_fee',
  'tax',
  'carried_fee',
  'cancellation_fee',
  'cancellation_fee_driver',
  'tip',
  'tip_cash',
  'refund',
  'wallet_credit',
  'payout',
  'cash_received',
  'adjustment',
  'promotion',
  'reversal',
  // Appended by decision 0038 (payments): how a tip was paid (the driver's side is always `tip`), and the card
  // processor paying the platform's bank out of processor clearing.
  'tip_card',
  'tip_wallet',
  'processor_settlement',
  // Appended by decision 0043: a card capture refused for good, the amount moved from processor clearing to
  // what the rider owes (paid with their next ride as `carried_fee`).
  'card_declined',
  // Appended by decision 0064: a referral reward (the platform's expense, and the credit it gives).
  'referral_reward',
  // Appended by decision 0066: a business ride's fare owed by the company (account `company`), and the company
  // paying an invoice (into the bank, out of `company`).
  'fare_business',
  'company_payment',
] as const;
export type EntryLine = (typeof ENTRY_LINES)[number];

export const TRANSACTION_KINDS = [
  'ride.completed',
  'ride.cancellation_fee',
  'ride.tip',
  'refund',
  'wallet.credit',
  'payout',
  'payout.paid',
  'payout.failed',
  'driver.cash_received',
  'adjustment',
  'reversal',
  // Appended by decision 0038: the card processor (Stripe) paid out to the platform's bank (a webhook).
  'processor.settlement',
  // Appended by decision 0043: a card capture refused for good; the rider owes the amount.
  'payment.capture_failed',
  // Appended by decision 0064: a referral qualified; its rewards are paid.
  'referral.reward',
  // Appended by decision 0066: a company paid (part of) what it owes; an admin marks its invoice paid.
  'company.payment',
] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

/**
 * A percentage of an amount, in basis points (2000 = 20 %), rounded half up to the minor unit — the one
 * rounding rule of the ledger (decision 0037), the same as the cancellation fees': Math.round on a
 * non-negative product. Negative amounts are refused: money is split before it is signed.
 */
export function percentOf(amountCents: number, basisPoints: number): number {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) throw new RangeError(`percentOf: amount must be a non-negative integer, got ${amountCents}`);
  if (!Number.isInteger(basisPoints) || basisPoints < 0 || basisPoints > 10_000)
    throw new RangeError(`percentOf: basis points must be 0–10000, got ${basisPoints}`);
  return Math.round((amountCents * basisPoints) / 10_000);
}
