import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { PaymentProvider } from './provider';

/** The rider's customer at the processor: made on first need (idempotent at Stripe by `customer:<user id>`), then kept. */
export async function customerOf(db: Kysely<DB>, provider: PaymentProvider, userId: string): Promise<string> {
  const found = await db
    .selectFrom('payment_customers')
    .select('customer_ref')
    .where('user_id', '=', userId)
    .where('provider', '=', provider.kind)
    .executeTakeFirst();
  if (found) return found.customer_ref;
  const user = await db.selectFrom('user').select(['id', 'email', 'name']).where('id', '=', userId).executeTakeFirstOrThrow();
  const ref = await provider.createCustomer(user);
  await db
    .insertInto('payment_customers')
    .values({ user_id: userId, provider: provider.kind, customer_ref: ref })
    .onConflict((oc) => oc.columns(['user_id', 'provider']).doNothing())
    .execute();
  return (
    await db
      .selectFrom('payment_customers')
      .select('customer_ref')
      .where('user_id', '=', userId)
      .where('provider', '=', provider.kind)
      .executeTakeFirstOrThrow()
  ).customer_ref;
}
