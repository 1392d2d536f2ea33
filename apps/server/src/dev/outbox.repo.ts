import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** The 200 newest messages the server would have sent, newest first, in the shape the outbox page reads. */
export async function listOutbox(db: Kysely<DB>) {
  const rows = await db.selectFrom('dev_outbox').select(['channel', 'to', 'subject', 'body', 'created_at']).orderBy('id', 'desc').limit(200).execute();
  return rows.map(({ created_at, ...rest }) => ({ ...rest, createdAt: created_at }));
}
