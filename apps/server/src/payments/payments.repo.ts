import { ACTIVE_STATUSES } from '@openride/shared/rides/ride-state';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';
import { balanceOf } from '../ledger/ledger';

/**
 * The rider's wallet (decision 0038): credit is −balance of `rider_wallet:<user>` in the ledger (a liability:
 * the platform owes it). A ride under way sets part of it aside (`rides.wallet_cents`), spent when it
 * completes; what a new ride or a tip may use is the rest.
 */
export async function walletOf(db: Kysely<DB>, userId: string, currency: string, opts: { exceptRideId?: string } = {}) {
  const balance = -(await balanceOf(db, { code: 'rider_wallet', owner: userId }, currency));
  let q = db
    .selectFrom('rides')
    .select(sql<string>`coalesce(sum(wallet_cents), 0)`.as('reserved'))
    .where('rider_id', '=', userId)
    .where('currency', '=', currency)
    .where('status', 'in', ACTIVE_STATUSES);
  if (opts.exceptRideId) q = q.where('id', '!=', opts.exceptRideId);
  const reserved = Number((await q.executeTakeFirstOrThrow()).reserved);
  const owed = await balanceOf(db, { code: 'rider_owed', owner: userId }, currency);
  return { currency, balance_cents: balance, reserved_cents: reserved, available_cents: Math.max(0, balance - reserved), owed_cents: owed };
}

/** Every currency the rider has a wallet or owed account in, from the ledger. */
export async function walletsOf(db: Kysely<DB>, userId: string) {
  const currencies = await db
    .selectFrom('ledger_accounts')
    .select('currency')
    .distinct()
    .where('owner_id', '=', userId)
    .where('code', 'in', ['rider_wallet', 'rider_owed'])
    .execute();
  return Promise.all(currencies.map((c) => walletOf(db, userId, c.currency)));
}

/**
 * Serialises what spends one rider's wallet (a booking's reservation, a tip) for the rest of the transaction,
 * so two of them cannot both spend the same credit.
 */
export async function lockWallet(trx: Kysely<DB>, userId: string) {
  await sql`select pg_advisory_xact_lock(hashtext(${`wallet:${userId}`}))`.execute(trx);
}

/** One of the rider's saved cards, not removed (decision 0043): what a booking may be paid with. */
export const cardOf = (db: Kysely<DB>, userId: string, cardId: string) =>
  db.selectFrom('payment_cards').selectAll().where('id', '=', cardId).where('user_id', '=', userId).where('removed_at', 'is', null).executeTakeFirst();

export const rideHoldOf = (db: Kysely<DB>, rideId: string) => db.selectFrom('payments').selectAll().where('ride_id', '=', rideId).where('purpose', '=', 'ride');
