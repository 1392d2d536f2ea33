import { FAQ_TOPICS, type FaqTopic, faqTopicLabels } from '@openride/shared/help/schemas';
import type { FaqEntryView, FaqResponse } from '@openride/shared/help/views';
import type { Kysely } from 'kysely';
import type { DB, FaqEntriesTable } from '../db/schema';

type Row = { id: string; topic: string; question: string; answer: string; position: number; updated_at: Date | string };

export const FAQ_COLUMNS = ['id', 'topic', 'question', 'answer', 'position', 'updated_at'] as const satisfies readonly (keyof FaqEntriesTable)[];

export function faqEntryView(row: Row): FaqEntryView {
  return {
    id: row.id,
    topic: row.topic as FaqTopic,
    question: row.question,
    answer: row.answer,
    position: row.position,
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/**
 * The whole FAQ: every topic in FAQ_TOPICS' order (empty ones too), each with its entries in order. A plain
 * function of the database so a server-side renderer (the public pages' pre-rendering) calls it directly,
 * as GET /api/public/faq does.
 */
export async function listFaq(db: Kysely<DB>): Promise<FaqResponse> {
  const rows = await db.selectFrom('faq_entries').select(FAQ_COLUMNS).orderBy('topic').orderBy('position').orderBy('created_at').execute();
  const entries = rows.map(faqEntryView);
  return { topics: FAQ_TOPICS.map((id) => ({ id, label: faqTopicLabels[id], entries: entries.filter((e) => e.topic === id) })) };
}

/** The next position at the end of `topic`. */
export async function endOf(db: Kysely<DB>, topic: FaqTopic) {
  const row = await db
    .selectFrom('faq_entries')
    .select(({ fn }) => fn.max('position').as('max'))
    .where('topic', '=', topic)
    .executeTakeFirst();
  return Number(row?.max ?? 0) + 1;
}
