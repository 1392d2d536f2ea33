import type { HistoryItem, HistoryKind } from '@openride/shared/payment-history/views';
import type { paymentHistoryQuerySchema } from '@openride/shared/payment-history/api';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../db/schema';
import { riderBalances, TIP_PAID_LINES } from '../ledger/ride-money';
import { keysetPage, type KeysetSpec } from '../lib/keyset';
import { promotionsOfRides } from '../promotions/ride-promotions';
import { requestsOfRides } from '../refunds/refunds.repo';

type Query = z.output<typeof paymentHistoryQuerySchema>;
type Method = HistoryItem['methods'][number];

const RIDER_ACCOUNTS = ['rider_wallet', 'rider_owed'] as const;
/** The kinds of a ride's transactions that are the rider's even when they touch none of their accounts (a cash fare, a card refund). */
const RIDE_KINDS = ['ride.completed', 'ride.tip', 'refund'];

const spec: KeysetSpec<'created_at'> = {
  sorts: { created_at: { expr: 't.created_at', type: 'timestamptz' } },
  id: { ref: 't.id', type: 'uuid' },
};

type Entry = { code: string; owner_id: string | null; line: string; amount: number };

/**
 * What one transaction was for the rider, from its entries (signs of decision 0037): a fare is what they paid
 * by every method (fare lines); a fee, what was added to what they owe; a tip, its paid side; a refund, its
 * debit side (who bore it) and where it went; anything else, what it did to their wallet and what they owe.
 */
function readTransaction(kind: string, entries: Entry[], userId: string): { kind: HistoryKind; amount_cents: number; methods: Method[] } {
  const sum = (f: (e: Entry) => boolean) => entries.filter(f).reduce((s, e) => s + e.amount, 0);
  const mine = (code: string) => (e: Entry) => e.code === code && e.owner_id === userId;
  const has = (f: (e: Entry) => boolean) => entries.some(f);
  if (kind === 'ride.completed') {
    const methods: Method[] = [];
    for (const [line, m] of [
      ['fare_cash', 'cash'],
      ['fare_card', 'card'],
      ['fare_wallet', 'wallet'],
      ['fare_business', 'company'],
    ] as const)
      if (sum((e) => e.line === line) !== 0) methods.push(m);
    return { kind: 'fare', amount_cents: -sum((e) => e.line.startsWith('fare_')), methods };
  }
  if (kind === 'ride.cancellation_fee') return { kind: 'cancellation_fee', amount_cents: -sum(mine('rider_owed')), methods: ['owed'] };
  if (kind === 'payment.capture_failed') return { kind: 'card_declined', amount_cents: -sum(mine('rider_owed')), methods: ['owed'] };
  if (kind === 'ride.tip') {
    const methods: Method[] = has((e) => e.code === 'processor_clearing') ? ['card'] : has(mine('rider_wallet')) ? ['wallet'] : ['cash'];
    return { kind: 'tip', amount_cents: -sum((e) => TIP_PAID_LINES.has(e.line) && e.amount > 0), methods };
  }
  if (kind === 'refund') {
    const methods: Method[] = [
      ...(has(mine('rider_wallet')) ? (['wallet'] as const) : []),
      ...(has((e) => e.code === 'processor_clearing') ? (['card'] as const) : []),
      // A business ride's refund went back to the company's account (decision 0072).
      ...(has((e) => e.code === 'company') ? (['company'] as const) : []),
    ];
    return { kind: 'refund', amount_cents: sum((e) => e.line === 'refund' && (e.code === 'refunds' || e.code === 'driver')), methods };
  }
  const amount = -sum(mine('rider_wallet')) - sum(mine('rider_owed'));
  return {
    kind: kind === 'wallet.credit' ? 'wallet_credit' : kind === 'referral.reward' ? 'referral_reward' : 'other',
    amount_cents: amount,
    methods: [...(has(mine('rider_wallet')) ? (['wallet'] as const) : []), ...(has(mine('rider_owed')) ? (['owed'] as const) : [])],
  };
}

/**
 * /payment-history (decision 0039): the rider's ledger transactions, newest first, a keyset page at a time —
 * those touching their wallet or owed account, and their rides' fares, tips and refunds — each with its ride
 * and that ride's latest refund request; and their balances. Only ever the caller's own: every row is chosen
 * by the caller's id, never by an id from the request.
 */
export async function listPaymentHistory(db: Kysely<DB>, userId: string, query: Query) {
  const accounts = db.selectFrom('ledger_accounts').select('id').where('owner_id', '=', userId).where('code', 'in', RIDER_ACCOUNTS);
  const rides = db.selectFrom('rides').select('id').where('rider_id', '=', userId);
  const rows = db
    .selectFrom('ledger_transactions as t')
    .select(['t.id', 't.kind', 't.currency', 't.ride_id', 't.created_at'])
    .where((eb) =>
      eb.or([
        eb.exists(eb.selectFrom('ledger_entries as e').select('e.id').whereRef('e.transaction_id', '=', 't.id').where('e.account_id', 'in', accounts)),
        eb.and([eb('t.ride_id', 'in', rides), eb('t.kind', 'in', RIDE_KINDS)]),
      ]),
    );
  const page = await keysetPage(db, rows, spec, { sort: 'created_at', dir: 'desc', cursor: query.cursor, limit: query.limit });
  const ids = page.items.map((t) => t.id);
  const rideIds = [...new Set(page.items.flatMap((t) => (t.ride_id ? [t.ride_id] : [])))];
  const [entries, rideRows, requests, balances, promotions] = await Promise.all([
    ids.length
      ? db
          .selectFrom('ledger_entries as e')
          .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
          .select(['e.transaction_id', 'a.code', 'a.owner_id', 'e.line', 'e.amount_cents'])
          .where('e.transaction_id', 'in', ids)
          .execute()
      : Promise.resolve([]),
    rideIds.length
      ? db
          .selectFrom('rides')
          .select(['id', 'ride_type', 'pickup_label', 'dropoff_label', 'status'])
          .where('id', 'in', rideIds)
          .where('rider_id', '=', userId)
          .execute()
      : Promise.resolve([]),
    requestsOfRides(db, rideIds),
    riderBalances(db, userId),
    promotionsOfRides(db, rideIds),
  ]);
  const byTx = new Map<string, Entry[]>();
  for (const e of entries)
    byTx.set(e.transaction_id, [...(byTx.get(e.transaction_id) ?? []), { code: e.code, owner_id: e.owner_id, line: e.line, amount: Number(e.amount_cents) }]);
  const rideById = new Map(rideRows.map((r) => [r.id, r]));
  const items: HistoryItem[] = page.items.map((t) => {
    const ride = t.ride_id ? rideById.get(t.ride_id) : undefined;
    return {
      id: t.id,
      at: new Date(t.created_at).toISOString(),
      ...readTransaction(t.kind, byTx.get(t.id) ?? [], userId),
      promotion: t.kind === 'ride.completed' && ride ? (promotions.get(ride.id) ?? null) : null,
      currency: t.currency,
      ride: ride ? { id: ride.id, ride_type: ride.ride_type, pickup_label: ride.pickup_label, dropoff_label: ride.dropoff_label, status: ride.status } : null,
      refund_request: ride ? (requests.get(ride.id)?.[0] ?? null) : null,
    };
  });
  return { items, next_cursor: page.next_cursor, balances };
}
