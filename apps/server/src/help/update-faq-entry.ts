import type { FaqEntryInput } from '@openride/shared/help/schemas';
import { isUuid } from '@openride/shared/text';
import type { Kysely } from 'kysely';
import { recordAudit } from '../audit/record-audit';
import type { DB } from '../db/schema';
import { notFound } from '../lib/errors';
import { inTransaction } from '../lib/transaction';
import { endOf, FAQ_COLUMNS, faqEntryView } from './help.repo';

export const noSuchEntry = () => notFound('No such help question.');

/**
 * An admin changes an entry's question, answer or topic; moved to another topic, it goes to that topic's end.
 * Audited (`faq.update`, only the fields that changed) in the same transaction; a save that changes nothing
 * writes nothing.
 */
export async function updateFaqEntry(db: Kysely<DB>, adminId: string, id: string, input: FaqEntryInput) {
  if (!isUuid(id)) throw noSuchEntry();
  return inTransaction(db, async (trx) => {
    const before = await trx.selectFrom('faq_entries').select(FAQ_COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw noSuchEntry();
    const changed = (['topic', 'question', 'answer'] as const).filter((k) => before[k] !== input[k]);
    if (changed.length === 0) return faqEntryView(before);
    const position = input.topic === before.topic ? before.position : await endOf(trx, input.topic);
    const row = await trx
      .updateTable('faq_entries')
      .set({ ...input, position, updated_at: new Date() })
      .where('id', '=', id)
      .returning(FAQ_COLUMNS)
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      actorId: adminId,
      action: 'faq.update',
      entityType: 'faq_entry',
      entityId: id,
      before: Object.fromEntries(changed.map((k) => [k, before[k]])),
      after: Object.fromEntries(changed.map((k) => [k, input[k]])),
    });
    return faqEntryView(row);
  });
}
