import type { FaqMove } from '@openride/shared/help/schemas';
import { isUuid } from '@openride/shared/text';
import type { Kysely } from 'kysely';
import { recordAudit } from '../audit/record-audit';
import type { DB } from '../db/schema';
import { inTransaction } from '../lib/transaction';
import { listFaq } from './help.repo';
import { noSuchEntry } from './update-faq-entry';

/**
 * An admin moves an entry one place up or down within its topic: it swaps positions with its neighbour (the
 * topic's rows locked, so two moves at once do not interleave). At the top (or bottom) nothing changes and
 * nothing is audited; otherwise `faq.reorder` with both positions, in the same transaction.
 */
export async function moveFaqEntry(db: Kysely<DB>, adminId: string, id: string, { direction }: FaqMove) {
  if (!isUuid(id)) throw noSuchEntry();
  await inTransaction(db, async (trx) => {
    const entry = await trx.selectFrom('faq_entries').select(['id', 'topic', 'position']).where('id', '=', id).executeTakeFirst();
    if (!entry) throw noSuchEntry();
    const topic = await trx
      .selectFrom('faq_entries')
      .select(['id', 'position'])
      .where('topic', '=', entry.topic)
      .orderBy('position')
      .orderBy('created_at')
      .orderBy('id')
      .forUpdate()
      .execute();
    const index = topic.findIndex((e) => e.id === id);
    if (index < 0) throw noSuchEntry();
    const other = topic[direction === 'up' ? index - 1 : index + 1];
    if (!other) return;
    const mine = topic[index]!;
    // Distinct positions even when earlier data had ties: the swap is of indexes, written back as 1..n.
    const order = topic.map((e) => e.id);
    order[index] = other.id;
    order[direction === 'up' ? index - 1 : index + 1] = mine.id;
    for (const [i, entryId] of order.entries()) {
      if (topic.find((e) => e.id === entryId)!.position !== i + 1)
        await trx
          .updateTable('faq_entries')
          .set({ position: i + 1 })
          .where('id', '=', entryId)
          .execute();
    }
    await recordAudit(trx, {
      actorId: adminId,
      action: 'faq.reorder',
      entityType: 'faq_entry',
      entityId: id,
      before: { position: index + 1 },
      after: { position: order.indexOf(id) + 1 },
    });
  });
  return listFaq(db);
}
