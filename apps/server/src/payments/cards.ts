import { randomUUID } from 'node:crypto';
import type { SaveCardInput } from '@openride/shared/payments/schemas';
import type { Kysely, Selectable } from 'kysely';
import type { DB, PaymentCardsTable } from '../db/schema';
import type { Services } from '../http/context';
import { badRequest, domainError } from '../lib/errors';
import { customerOf } from './customers';
import { askProvider } from './provider-errors';

type Deps = Pick<Services, 'db' | 'payments' | 'logger'>;

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
export async function listCards(db: Kysely<DB>, provider: Services['payments'], userId: string) {
  if (!provider) return [];
  const rows = await db.selectFrom('payment_cards').selectAll().where('user_id', '=', userId).where('provider', '=', provider.kind).orderBy('created_at', 'desc').execute();
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
    .values({ user_id: userId, provider: provider.kind, provider_ref: card.ref, brand: card.brand, last4: card.last4, exp_month: card.exp_month, exp_year: card.exp_year })
    .onConflict((oc) => oc.columns(['provider', 'provider_ref']).doNothing())
    .execute();
  const row = await services.db.selectFrom('payment_cards').selectAll().where('provider', '=', provider.kind).where('provider_ref', '=', card.ref).executeTakeFirstOrThrow();
  if (row.user_id !== userId) throw badRequest('This card setup is not yours.');
  return cardView(row);
}
