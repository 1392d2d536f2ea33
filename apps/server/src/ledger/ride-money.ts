import type { RideMoney } from '@openride/shared/refunds/views';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';

/** The lines of a rider's payment for a fare, by method (decision 0037); their sum over completed rides is GMV. */
const FARE_LINES = { fare_cash: 'cash', fare_card: 'card', fare_wallet: 'wallet', fare_business: 'business' } as const;
/** The rider's side of a tip, by how it was paid (decision 0038); the driver's side is line `tip`. */
export const TIP_PAID_LINES = new Set(['tip_card', 'tip_wallet', 'tip_cash']);
const TIP_METHOD_OF = { tip_card: 'card', tip_wallet: 'wallet', tip_cash: 'cash' } as const;
/** The accounts that bear a refund (debit side, line `refund`): the platform's expense or the driver's balance. */
const BEARER_ACCOUNTS = new Set(['refunds', 'driver']);

const empty = (currency: string): RideMoney => ({
  currency,
  paid_cents: 0,
  cash_cents: 0,
  card_cents: 0,
  wallet_cents: 0,
  business_cents: 0,
  carried_fee_cents: 0,
  tip_cents: 0,
  tip_method: null,
  declined_cents: 0,
  refunded_cents: 0,
  refundable_cents: 0,
  refunds: [],
});

/**
 * The money of rides, each figure a sum of ledger entries of the rides' transactions (decision 0039):
 *
 * - paid = fare_cash + fare_card + fare_wallet (carried fees included) + fare_business (a business ride's fare, paid by
 *   the company's account, decision 0066), less a card capture refused for good
 *   (`card_declined` on processor clearing: owed instead, decision 0043), + tips (the `tip_card`/`tip_wallet`/
 *   `tip_cash` entries of the ride's `ride.tip` transactions: the rider's side of a tip);
 * - refunded = the `refund` entries on the accounts that bear refunds (`refunds`, `driver`): a refund's debit
 *   side, so a reversed refund nets out;
 * - refundable = paid − refunded, never below zero: the most a further refund may be.
 *
 * `currencyOf` gives a ride's currency for a ride without entries.
 */
export async function ridesMoney(db: Kysely<DB>, rides: ReadonlyArray<{ id: string; currency: string }>): Promise<Map<string, RideMoney>> {
  const out = new Map<string, RideMoney>(rides.map((r) => [r.id, empty(r.currency.trim())]));
  if (rides.length === 0) return out;
  const rows = await db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .select(['t.id as transaction_id', 't.ride_id', 't.kind', 't.currency', 't.created_at', 'a.code', 'e.line', 'e.amount_cents'])
    .where(
      't.ride_id',
      'in',
      rides.map((r) => r.id),
    )
    .orderBy('t.created_at')
    .orderBy('e.id')
    .execute();
  const refundsByTx = new Map<string, { ride: string; at: Date; amount: number; card: boolean; company: boolean; kind: string }>();
  for (const r of rows) {
    const m = out.get(r.ride_id!);
    if (!m) continue;
    m.currency = r.currency;
    const amount = Number(r.amount_cents);
    const method = FARE_LINES[r.line as keyof typeof FARE_LINES];
    if (method) m[`${method}_cents`] += amount;
    // A capture refused for good (decision 0043): the card did not pay it after all; the rider owes it.
    else if (r.line === 'card_declined' && r.code === 'processor_clearing') {
      m.card_cents += amount;
      m.declined_cents -= amount;
    } else if (r.line === 'carried_fee') m.carried_fee_cents -= amount;
    else if (TIP_PAID_LINES.has(r.line) && r.kind === 'ride.tip' && amount > 0) {
      m.tip_cents += amount;
      m.tip_method = TIP_METHOD_OF[r.line as keyof typeof TIP_METHOD_OF];
    } else if (r.line === 'refund' && BEARER_ACCOUNTS.has(r.code)) m.refunded_cents += amount;
    if (r.kind === 'refund') {
      const tx = refundsByTx.get(r.transaction_id) ?? { ride: r.ride_id!, at: new Date(r.created_at), amount: 0, card: false, company: false, kind: r.kind };
      if (r.line === 'refund' && BEARER_ACCOUNTS.has(r.code)) tx.amount += amount;
      if (r.code === 'processor_clearing') tx.card = true;
      if (r.code === 'company') tx.company = true;
      refundsByTx.set(r.transaction_id, tx);
    }
  }
  for (const [id, tx] of refundsByTx)
    out.get(tx.ride)!.refunds.push({ id, at: tx.at.toISOString(), amount_cents: tx.amount, destination: tx.company ? 'company' : tx.card ? 'card' : 'wallet' });
  for (const m of out.values()) {
    // A declined capture of a cancellation fee (no fare on the card) takes nothing from the fare's card part.
    m.declined_cents = Math.min(m.declined_cents, m.card_cents + m.declined_cents);
    m.card_cents = Math.max(0, m.card_cents);
    m.paid_cents = m.cash_cents + m.card_cents + m.wallet_cents + m.business_cents + m.tip_cents;
    m.refundable_cents = Math.max(0, m.paid_cents - m.refunded_cents);
  }
  return out;
}

export async function rideMoney(db: Kysely<DB>, ride: { id: string; currency: string }): Promise<RideMoney> {
  return (await ridesMoney(db, [ride])).get(ride.id)!;
}

/** A ledger transaction's amount: the sum of its debits (what moved). */
export async function transactionAmounts(db: Kysely<DB>, transactionIds: string[]): Promise<Map<string, number>> {
  if (transactionIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('ledger_entries')
    .select(['transaction_id', sql<string>`sum(amount_cents) filter (where amount_cents > 0)`.as('debits')])
    .where('transaction_id', 'in', transactionIds)
    .groupBy('transaction_id')
    .execute();
  return new Map(rows.map((r) => [r.transaction_id, Number(r.debits ?? 0)]));
}

/** A rider's wallet credit (−balance of rider_wallet) and owed fees (balance of rider_owed), per currency. */
export async function riderBalances(db: Kysely<DB>, userId: string) {
  const rows = await db
    .selectFrom('ledger_accounts as a')
    .leftJoin('ledger_entries as e', 'e.account_id', 'a.id')
    .select(['a.code', 'a.currency', sql<string>`coalesce(sum(e.amount_cents), 0)`.as('balance')])
    .where('a.owner_id', '=', userId)
    .where('a.code', 'in', ['rider_wallet', 'rider_owed'])
    .groupBy(['a.code', 'a.currency'])
    .execute();
  const byCurrency = new Map<string, { currency: string; wallet_cents: number; owed_cents: number }>();
  for (const r of rows) {
    const b = byCurrency.get(r.currency) ?? { currency: r.currency, wallet_cents: 0, owed_cents: 0 };
    if (r.code === 'rider_wallet') b.wallet_cents = -Number(r.balance);
    else b.owed_cents = Number(r.balance);
    byCurrency.set(r.currency, b);
  }
  return [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}
