import type { FaqEntryInput } from '@openride/shared/help/schemas';
import type { Kysely } from 'kysely';
import { recordAudit } from '../audit/record-audit';
import type { DB } from '../db/schema';
import { inTransaction } from '../lib/transaction';
import { endOf, FAQ_COLUMNS, faqEntryView } from './help.repo';

/** An admin adds a question and answer at the end of a topic (audited `faq.create` in the same transaction). */
export async function createFaqEntry(db: Kysely<DB>, adminId: string, input: FaqEntryInput) {
  return inTransaction(db, async (trx) => {
    const position = await endOf(trx, input.topic);
    const row = await trx
      .insertInto('faq_entries')
      .values({ ...input, position })
      .returning(FAQ_COLUMNS)
      .executeTakeFirstOrThrow();
    await recordAudit(trx, { actorId: adminId, action: 'faq.create', entityType: 'faq_entry', entityId: row.id, before: null, after: { ...input, position } });
    return faqEntryView(row);
  });
}
