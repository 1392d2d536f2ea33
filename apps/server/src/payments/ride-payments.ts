import { PAYMENT_MACHINE } from '@openride/shared/payments/payment-state';
import { planRidePayment } from '@openride/shared/payments/plan';
import type { Kysely, Selectable } from 'kysely';
import type { DB, RidesTable } from '../db/schema';
import type { Jobs } from '../jobs/jobs';
import { AppError, badRequest, domainError } from '../lib/errors';
import { move } from '../lib/move';
import { customerOf } from './customers';
import { cardOf, lockWallet, rideHoldOf, walletOf } from './payments.repo';
import { askProvider } from './provider-errors';
import type { Ports } from '../ports';
import type { PaymentProvider } from './provider';

type Ride = Selectable<RidesTable>;
type Deps = Pick<Ports, 'db' | 'logger'> & { payments: PaymentProvider | null };

/** What the rider pays for a ride: fare − its promo discount (the platform funds that, decision 0063) + fees carried to it. */
export const riderDueCents = (ride: Pick<Ride, 'fare_cents' | 'carried_fee_cents' | 'promo_discount_cents'>) =>
  ride.fare_cents - ride.promo_discount_cents + ride.carried_fee_cents;

/** How a ride will be paid, decided before its transaction (decision 0038). */
export type PreparedPayment = {
  wallet_cents: number;
  card_id: string | null;
  /** The card hold, authorised before the ride exists (released if the booking then fails). */
  hold: { ref: string; amount_cents: number; card_id: string } | null;
};

/**
 * Before the booking's transaction: wallet credit first (what is available of it, up to fare + owed fees),
 * then, for a card ride, an authorisation of the rest on the rider's saved card (manual capture, key
 * `ride:<id>:authorise`). A declined card refuses the request here, before anything is written.
 */
export async function prepareRidePayment(
  services: Deps,
  riderId: string,
  input: { payment_method: 'cash' | 'card'; payment_card_id?: string; use_wallet?: boolean },
  ride: { id: string; currency: string; total_cents: number; city_id: string },
): Promise<PreparedPayment> {
  const { db } = services;
  const available = input.use_wallet ? (await walletOf(db, riderId, ride.currency)).available_cents : 0;
  const plan = planRidePayment(ride.total_cents, available, input.use_wallet === true, input.payment_method);
  const wallet = plan.wallet_cents;
  if (input.payment_method === 'cash') return { wallet_cents: wallet, card_id: null, hold: null };
  const provider = services.payments;
  if (!provider) throw domainError('PAYMENTS_UNAVAILABLE');
  const card = input.payment_card_id ? await cardOf(db, riderId, input.payment_card_id) : undefined;
  if (!card || card.provider !== provider.kind) throw badRequest('Choose one of your saved cards.');
  const amount = plan.card_cents;
  if (amount <= 0) return { wallet_cents: wallet, card_id: card.id, hold: null };
  const customer = await askProvider(services.logger, 'customer', () => customerOf(db, provider, riderId));
  const { ref } = await askProvider(services.logger, 'authorise', () =>
    provider.authorise({
      amount_cents: amount,
      currency: ride.currency,
      customer_ref: customer,
      card_ref: card.provider_ref,
      key: `ride:${ride.id}:authorise`,
      metadata: { ride_id: ride.id, city_id: ride.city_id },
    }),
  );
  return { wallet_cents: wallet, card_id: card.id, hold: { ref, amount_cents: amount, card_id: card.id } };
}

/**
 * In the booking's transaction, once the ride (and the owed fees it carries) is written: the wallet credit is
 * checked again under the rider's wallet lock, the card must still cover the rest, and the hold is recorded.
 */
export async function recordRidePayment(trx: Kysely<DB>, services: { payments: PaymentProvider | null }, ride: Ride, prepared: PreparedPayment) {
  const total = riderDueCents(ride);
  if (prepared.wallet_cents > 0) {
    await lockWallet(trx, ride.rider_id);
    const wallet = await walletOf(trx, ride.rider_id, ride.currency, { exceptRideId: ride.id });
    if (wallet.available_cents < prepared.wallet_cents) throw domainError('WALLET_INSUFFICIENT');
  }
  const byCard = total - prepared.wallet_cents;
  if (ride.payment_method === 'card' && byCard > (prepared.hold?.amount_cents ?? 0)) {
    // An owed fee came in between the authorisation and now: the hold is short. Nothing is booked.
    throw new AppError('CONFLICT', 'What you owe changed while booking. Check the fare and request again.');
  }
  if (prepared.card_id) {
    // Under a share lock: a removal committing now waits for this booking (then sees its ride and refuses),
    // or this booking sees the card removed (decision 0043).
    const card = await trx.selectFrom('payment_cards').select('removed_at').where('id', '=', prepared.card_id).forShare().executeTakeFirst();
    if (!card || card.removed_at) throw badRequest('Choose one of your saved cards.');
  }
  if (prepared.hold) {
    await trx
      .insertInto('payments')
      .values({
        ride_id: ride.id,
        purpose: 'ride',
        provider: services.payments!.kind,
        intent_ref: prepared.hold.ref,
        card_id: prepared.hold.card_id,
        currency: ride.currency,
        amount_cents: prepared.hold.amount_cents,
        status: 'authorised',
      })
      .execute();
  }
}

/** A booking that failed after its card was authorised: the hold is released at once (Stripe also drops an uncaptured hold after 7 days). */
export async function releaseUnbooked(services: Deps, rideId: string, prepared: PreparedPayment | null) {
  if (!prepared?.hold || !services.payments) return;
  await services.payments
    .cancel(prepared.hold.ref, `ride:${rideId}:release`)
    .catch((err: unknown) => services.logger.warn({ err, rideId }, 'could not release the hold of a booking that failed; it expires on its own'));
}

/**
 * In the completing transaction: the split of fare + carried fees by method for `postRideCompleted`, and the
 * capture of the card part queued with it (a `payment-settle` job, so a crash after commit loses nothing).
 */
export async function settleRideOnCompletion(trx: Kysely<DB>, services: { jobs: Pick<Jobs, 'sendIn'> }, ride: Ride) {
  const total = riderDueCents(ride);
  let wallet = 0;
  if (ride.wallet_cents > 0) {
    await lockWallet(trx, ride.rider_id);
    const w = await walletOf(trx, ride.rider_id, ride.currency, { exceptRideId: ride.id });
    wallet = Math.min(ride.wallet_cents, total, Math.max(0, w.balance_cents));
  }
  const hold = await rideHoldOf(trx, ride.id).forUpdate().executeTakeFirst();
  let card = 0;
  if (hold && hold.status === 'authorised') {
    card = Math.min(hold.amount_cents, total - wallet);
    await settle(trx, services, hold.id, card > 0 ? { action: 'capture', amount_cents: card } : { action: 'release' });
  }
  return { card_cents: card, wallet_cents: wallet };
}

/**
 * In the cancelling transaction (a rider's, driver's or operator's cancel, or dispatch finding no driver): a
 * card ride's fee is captured from its hold when the hold covers it (then the fee is settled on the ride
 * itself, not owed), otherwise the hold is released and any fee is owed as for cash.
 */
export async function settleRideOnCancel(trx: Kysely<DB>, services: { jobs: Pick<Jobs, 'sendIn'> }, ride: Ride): Promise<'card' | 'owed'> {
  const hold = await rideHoldOf(trx, ride.id).forUpdate().executeTakeFirst();
  if (!hold || hold.status !== 'authorised') return 'owed';
  const fee = ride.cancellation_fee_waived ? 0 : (ride.cancellation_fee_cents ?? 0);
  if (fee > 0 && fee <= hold.amount_cents) {
    await settle(trx, services, hold.id, { action: 'capture', amount_cents: fee });
    // Paid from the ride's own hold: the fee is settled here and never carried to a later ride.
    await trx.updateTable('rides').set({ cancellation_fee_carried_to: ride.id }).where('id', '=', ride.id).execute();
    return 'card';
  }
  await settle(trx, services, hold.id, { action: 'release' });
  return 'owed';
}

async function settle(
  trx: Kysely<DB>,
  services: { jobs: Pick<Jobs, 'sendIn'> },
  paymentId: string,
  what: { action: 'capture'; amount_cents: number } | { action: 'release' },
) {
  // The callers hold the payment's lock and found it authorised.
  await move(trx, PAYMENT_MACHINE, {
    table: 'payments',
    id: paymentId,
    to: what.action === 'capture' ? 'capturing' : 'releasing',
    actor: 'system',
    set: { updated_at: new Date() },
  });
  await services.jobs.sendIn(trx, 'payment-settle', { payment_id: paymentId, ...what });
}
