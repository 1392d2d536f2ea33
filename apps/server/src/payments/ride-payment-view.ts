import { tipOptions } from '@openride/shared/payments/tips';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { notFound } from '../lib/errors';
import { tipMethodsOf, tipOf, tipUntil } from './tip-ride';

/** How one ride is paid, for its rider (decision 0038): the plan, the hold, and what the ledger recorded. */
export async function ridePaymentFor(db: Kysely<DB>, riderId: string, rideId: string) {
  const ride = await db.selectFrom('rides').selectAll().where('id', '=', rideId).where('rider_id', '=', riderId).executeTakeFirst();
  if (!ride) throw notFound('Ride not found');
  const card = ride.payment_card_id
    ? await db.selectFrom('payment_cards').select(['brand', 'last4', 'provider', 'removed_at']).where('id', '=', ride.payment_card_id).executeTakeFirst()
    : undefined;
  const hold = await db
    .selectFrom('payments')
    .select(['amount_cents', 'captured_cents', 'status'])
    .where('ride_id', '=', ride.id)
    .where('purpose', '=', 'ride')
    .executeTakeFirst();
  const lines = await db
    .selectFrom('ledger_entries')
    .innerJoin('ledger_transactions', 'ledger_transactions.id', 'ledger_entries.transaction_id')
    .select(['ledger_entries.line', 'ledger_entries.amount_cents'])
    .where('ledger_transactions.idempotency_key', '=', `ride:${ride.id}:completed`)
    .where('ledger_entries.line', 'in', ['fare_card', 'fare_wallet', 'fare_cash'])
    .execute();
  const sum = (line: string) => lines.filter((l) => l.line === line).reduce((s, l) => s + Number(l.amount_cents), 0);
  const tip = await tipOf(db, ride.id);
  return {
    ride_id: ride.id,
    currency: ride.currency,
    method: ride.payment_method,
    card: card ? { brand: card.brand, last4: card.last4, test_mode: card.provider === 'test' } : null,
    authorisation: hold ? { amount_cents: hold.amount_cents, captured_cents: hold.captured_cents, status: hold.status } : null,
    wallet_planned_cents: ride.wallet_cents,
    paid: lines.length || ride.status === 'completed' ? { card_cents: sum('fare_card'), wallet_cents: sum('fare_wallet'), cash_cents: sum('fare_cash') } : null,
    tip,
    tip_methods: tip ? [] : tipMethodsOf(ride, Date.now(), Boolean(card?.removed_at)),
    tip_until: tip ? null : tipUntil(ride),
    tip_options: tipOptions(ride),
  };
}
