import { randomUUID } from 'node:crypto';
import type { SaveCardInput } from '@openride/shared/payments/schemas';
import { ACTIVE_STATUSES } from '@openride/shared/rides/ride-state';
import type { Kysely, Selectable } from 'kysely';
import type { DB, PaymentCardsTable } from '../db/schema';
import type { Ports } from '../ports';
import type { PaymentProvider } from './provider';
import { badRequest, domainError, notFound } from '../lib/errors';
import { inTransaction } from '../lib/transaction';
import { customerOf } from './customers';
import { askProvider } from './provider-errors';

type Deps = Pick<Ports, 'db' | 'logger'> & { payments: PaymentProvider | null };

export const cardView = (row: Selectable<PaymentCardsTable>) => ({
  id: row.id,
  brand: row.brand,
  last4: row.last4,
  exp_month: row.exp_month,
  exp_year: row.exp_year,
  test_mode: row.provider === 'test',
  created_at: new Date(row.created_at).toISOString(),
});

/** The rider's cards usable with this deployment's provider, newest first (cards are stored by reference, never by number). */
export async function listCards(db: Kysely<DB>, provider: PaymentProvider | null, userId: string) {
  if (!provider) return [];
  const rows = await db
    .selectFrom('payment_cards')
    .selectAll()
    .where('user_id', '=', userId)
    .where('provider', '=', provider.kind)
    .where('removed_at', 'is', null)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map(cardView);
}

/** Stripe: a SetupIntent for Elements to confirm in the browser (a new key each time: each is a new setup). */
export async function startCardSetup(services: Deps, userId: string) {
  const provider = services.payments;
  if (!provider) throw domainError('PAYMENTS_UNAVAILABLE');
  if (provider.kind !== 'stripe') throw badRequest('Test mode takes the test card in the form: there is no Stripe setup.');
  const customer = await askProvider(services.logger, 'customer', () => customerOf(services.db, provider, userId));
  return askProvider(services.logger, 'setup', () => provider.startCardSetup(customer, `setup:${userId}:${randomUUID()}`));
}

/** Saves a card the rider confirmed with Stripe, or typed in test mode. A card saved twice is the same card. */
export async function saveCard(services: Deps, userId: string, input: SaveCardInput) {
  const provider = services.payments;
  if (!provider) throw domainError('PAYMENTS_UNAVAILABLE');
  if ('test_card' in input && provider.kind !== 'test') throw badRequest('Enter the card in the secure card form.');
  if ('setup_intent_id' in input && provider.kind !== 'stripe') throw badRequest('Test mode takes the test card 4242 4242 4242 4242 in the form.');
  const customer = await askProvider(services.logger, 'customer', () => customerOf(services.db, provider, userId));
  const card = await askProvider(services.logger, 'save card', () => provider.saveCard(customer, input));
  await services.db
    .insertInto('payment_cards')
    .values({
      user_id: userId,
      provider: provider.kind,
      provider_ref: card.ref,
      brand: card.brand,
      last4: card.last4,
      exp_month: card.exp_month,
      exp_year: card.exp_year,
    })
    .onConflict((oc) => oc.columns(['provider', 'provider_ref']).doNothing())
    .execute();
  const row = await services.db
    .selectFrom('payment_cards')
    .selectAll()
    .where('provider', '=', provider.kind)
    .where('provider_ref', '=', card.ref)
    .executeTakeFirstOrThrow();
  if (row.user_id !== userId) throw badRequest('This card setup is not yours.');
  return cardView(row);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The rider removes a saved card (decision 0043). Another rider's card, or one already removed, is a 404 (as
 * if it did not exist). A card paying for a ride that has not ended (requested … in progress) is refused with
 * CARD_IN_USE and nothing changes. Otherwise the row is kept (rides and payments refer to it) and marked
 * `removed_at`, under a lock the booking's share lock meets, so a booking and a removal cannot cross; then,
 * after commit, the processor detaches it (key `card:<id>:remove`). A detach that fails is logged: the card is
 * already never listed or charged by us.
 */
export async function removeCard(services: Deps, userId: string, cardId: string) {
  if (!UUID.test(cardId)) throw notFound('Card not found');
  const row = await inTransaction(services.db, async (trx) => {
    const card = await trx
      .selectFrom('payment_cards')
      .selectAll()
      .where('id', '=', cardId)
      .where('user_id', '=', userId)
      .where('removed_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!card) throw notFound('Card not found');
    const active = await trx.selectFrom('rides').select('id').where('payment_card_id', '=', card.id).where('status', 'in', ACTIVE_STATUSES).executeTakeFirst();
    if (active) throw domainError('CARD_IN_USE');
    return trx.updateTable('payment_cards').set({ removed_at: new Date() }).where('id', '=', card.id).returningAll().executeTakeFirstOrThrow();
  });
  const provider = services.payments;
  if (provider && provider.kind === row.provider) {
    await provider
      .removeCard(row.provider_ref, `card:${row.id}:remove`)
      .catch((err: unknown) => services.logger.warn({ err, cardId: row.id }, 'could not detach a removed card at the processor; it is never charged by us'));
  }
  return cardView(row);
}
