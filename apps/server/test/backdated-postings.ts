import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema';
import { accountId, post, type PostInput } from '../src/ledger/ledger';

/**
 * Posts as the ledger does, or back-dated to `at` (tests only: the ledger's own post() always writes now), so
 * aging and statements can be read against money posted days or months ago.
 */
export async function postAt(db: Kysely<DB>, at: Date | null, input: PostInput) {
  if (!at) return post(db, input);
  return db.transaction().execute(async (trx) => {
    const tx = await trx
      .insertInto('ledger_transactions')
      .values({ kind: input.kind, idempotency_key: input.key, currency: input.currency, city_id: input.city_id ?? null, memo: '{}', created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const e of input.entries) {
      await trx
        .insertInto('ledger_entries')
        .values({
          transaction_id: tx.id,
          account_id: await accountId(trx, e.account, input.currency),
          line: e.line,
          amount_cents: e.amount_cents,
          created_at: at,
        })
        .execute();
    }
    return { id: tx.id, posted: true };
  });
}
