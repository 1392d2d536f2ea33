import { paymentText } from '@openride/shared/payments/payment-text';
import { type TipInput, type TipMethod, TIP_WINDOW_HOURS } from '@openride/shared/payments/schemas';
import { tipOfPercent } from '@openride/shared/payments/tips';
import type { Kysely, Selectable } from 'kysely';
import type { DB, RidesTable } from '../db/schema';
import { post, type Posting } from '../ledger/ledger';
import { badRequest, domainError, notFound } from '../lib/errors';
import { inTransaction } from '../lib/transaction';
import { customerOf } from './customers';
import { lockWallet, walletOf } from './payments.repo';
import { askProvider } from './provider-errors';
import type { Ports } from '../ports';
import type { PaymentProvider } from './provider';

type Ride = Selectable<RidesTable>;
const tipKey = (rideId: string) => `ride:${rideId}:tip`;
const WINDOW_MS = TIP_WINDOW_HOURS * 60 * 60 * 1000;

/** The tip recorded on a ride, from the ledger: the driver's `tip` line, and how it was paid. */
export async function tipOf(db: Kysely<DB>, rideId: string) {
  const rows = await db
    .selectFrom('ledger_entries')
    .innerJoin('ledger_transactions', 'ledger_transactions.id', 'ledger_entries.transaction_id')
    .select(['ledger_entries.line', 'ledger_entries.amount_cents', 'ledger_transactions.created_at'])
    .where('ledger_transactions.idempotency_key', '=', tipKey(rideId))
    .execute();
  if (rows.length === 0) return null;
  const amount = -rows.filter((r) => r.line === 'tip').reduce((s, r) => s + Number(r.amount_cents), 0);
  const paid = rows.find((r) => r.line !== 'tip')?.line;
  const method: TipMethod = paid === 'tip_card' ? 'card' : paid === 'tip_wallet' ? 'wallet' : 'cash';
  return { amount_cents: amount, method, created_at: new Date(rows[0]!.created_at).toISOString() };
}

/** How the rider may tip a ride: by card when it was paid by card, from the wallet when the wallet paid part of it, or in cash. */
export function tipMethodsOf(ride: Ride, now = Date.now(), cardRemoved = false): TipMethod[] {
  if (ride.status !== 'completed' || !ride.completed_at || now > new Date(ride.completed_at).getTime() + WINDOW_MS) return [];
  return [
    ...(ride.payment_method === 'card' && ride.payment_card_id && !cardRemoved ? (['card'] as const) : []),
    ...(ride.wallet_cents > 0 ? (['wallet'] as const) : []),
    'cash',
  ];
}

export const tipUntil = (ride: Ride) =>
  ride.status === 'completed' && ride.completed_at ? new Date(new Date(ride.completed_at).getTime() + WINDOW_MS).toISOString() : null;

/**
 * The rider tips the driver of a completed ride (issue 13, decision 0038): all of it to the driver (`tip`
 * credits the driver's account). By card, a separate charge on the ride's card (processor call first, outside
 * the transaction, with the key `ride:<id>:tip`); from the wallet; or recorded as given in cash (`tip_cash`
 * debits the driver, who holds it). One tip per ride: the ledger's idempotency key `ride:<id>:tip` decides.
 */
export async function tipRide(
  services: Pick<Ports, 'db' | 'logger'> & { payments: PaymentProvider | null },
  riderId: string,
  rideId: string,
  input: TipInput,
  now = new Date(),
) {
  const { db } = services;
  const ride = await db.selectFrom('rides').selectAll().where('id', '=', rideId).where('rider_id', '=', riderId).executeTakeFirst();
  if (!ride) throw notFound('Ride not found');
  if (ride.status !== 'completed' || !ride.completed_at || !ride.driver_id) throw domainError('RIDE_NOT_COMPLETED');
  if (now.getTime() > new Date(ride.completed_at).getTime() + WINDOW_MS) throw domainError('TIP_WINDOW_CLOSED');
  if (await tipOf(db, ride.id)) throw domainError('TIP_EXISTS');
  const methods = tipMethodsOf(ride, now.getTime());
  const method = input.method ?? methods[0]!;
  if (!methods.includes(method))
    throw badRequest(method === 'card' ? 'This ride was not paid by card: tip in cash.' : 'This ride was not paid from your wallet: tip another way.');
  // A preset tip is a percentage of what the rider pays for the fare, after its promotion (issue 27): the options' rule.
  const amount = input.percent !== undefined ? tipOfPercent(ride, input.percent) : input.amount_cents!;
  if (amount < 1) throw badRequest('A tip is at least 1 cent.');

  let charged: { ref: string; card_id: string; provider: 'stripe' | 'test' } | null = null;
  if (method === 'card') {
    const provider = services.payments;
    if (!provider) throw domainError('PAYMENTS_UNAVAILABLE');
    const card = await db.selectFrom('payment_cards').selectAll().where('id', '=', ride.payment_card_id!).executeTakeFirstOrThrow();
    if (card.provider !== provider.kind) throw domainError('PAYMENTS_UNAVAILABLE');
    if (card.removed_at) throw badRequest(paymentText.cardRemovedTip);
    const customer = await askProvider(services.logger, 'customer', () => customerOf(db, provider, riderId));
    const { ref } = await askProvider(services.logger, 'tip', () =>
      provider.charge({
        amount_cents: amount,
        currency: ride.currency,
        customer_ref: customer,
        card_ref: card.provider_ref,
        key: tipKey(ride.id),
        metadata: { ride_id: ride.id, purpose: 'tip' },
      }),
    );
    charged = { ref, card_id: card.id, provider: provider.kind };
  }

  const driver = { code: 'driver' as const, owner: ride.driver_id };
  const payer: Posting =
    method === 'card'
      ? { account: { code: 'processor_clearing' }, line: 'tip_card', amount_cents: amount }
      : method === 'wallet'
        ? { account: { code: 'rider_wallet', owner: riderId }, line: 'tip_wallet', amount_cents: amount }
        : { account: driver, line: 'tip_cash', amount_cents: amount };
  const posted = await inTransaction(db, async (trx) => {
    if (method === 'wallet') {
      await lockWallet(trx, riderId);
      if ((await walletOf(trx, riderId, ride.currency)).available_cents < amount) throw domainError('WALLET_INSUFFICIENT');
    }
    const tx = await post(trx, {
      kind: 'ride.tip',
      key: tipKey(ride.id),
      currency: ride.currency,
      city_id: ride.city_id,
      ride_id: ride.id,
      created_by: riderId,
      memo: { method, ...(input.percent !== undefined ? { percent: input.percent } : {}) },
      entries: [payer, { account: driver, line: 'tip', amount_cents: -amount }],
    });
    if (tx.posted && charged) {
      await trx
        .insertInto('payments')
        .values({
          ride_id: ride.id,
          purpose: 'tip',
          provider: charged.provider,
          intent_ref: charged.ref,
          card_id: charged.card_id,
          currency: ride.currency,
          amount_cents: amount,
          captured_cents: amount,
          status: 'captured',
        })
        .execute();
    }
    return tx.posted;
  });
  if (!posted) {
    // Another tip of this ride won the race. A charge of ours that is not the one recorded is given back.
    if (charged && services.payments) {
      const recorded = await db.selectFrom('payments').select('intent_ref').where('ride_id', '=', ride.id).where('purpose', '=', 'tip').executeTakeFirst();
      if (recorded?.intent_ref !== charged.ref)
        await services.payments
          .refund(charged.ref, amount, `${tipKey(ride.id)}:undo`)
          .catch((err: unknown) => services.logger.error({ err, rideId }, 'could not give back a duplicate tip charge'));
    }
    throw domainError('TIP_EXISTS');
  }
  return (await tipOf(db, ride.id))!;
}
