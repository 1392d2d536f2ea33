import { isUuid } from '@openride/shared/text';
import type { Kysely } from 'kysely';
import { recordAudit } from '../audit/record-audit';
import type { DB } from '../db/schema';
import { inTransaction } from '../lib/transaction';
import { FAQ_COLUMNS, faqEntryView } from './help.repo';
import { noSuchEntry } from './update-faq-entry';

/** An admin deletes an entry (audited `faq.delete`, the entry as it was, in the same transaction). */
export async function deleteFaqEntry(db: Kysely<DB>, adminId: string, id: string) {
  if (!isUuid(id)) throw noSuchEntry();
  return inTransaction(db, async (trx) => {
    const row = await trx.deleteFrom('faq_entries').where('id', '=', id).returning(FAQ_COLUMNS).executeTakeFirst();
    if (!row) throw noSuchEntry();
    await recordAudit(trx, {
      actorId: adminId,
      action: 'faq.delete',
      entityType: 'faq_entry',
      entityId: id,
      before: { topic: row.topic, question: row.question, answer: row.answer, position: row.position },
      after: null,
    });
    return faqEntryView(row);
  });
}
