import type { FaqTopicView } from '@openride/shared/help/views';

/** Lower case, accents dropped, runs of spaces as one: "Café  PIN" → "cafe pin". */
export const fold = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * The topics narrowed to the entries whose question or answer holds every word of `query` (in any order),
 * topics left empty dropped. An empty query keeps everything.
 */
export function searchFaq(topics: readonly FaqTopicView[], query: string): FaqTopicView[] {
  const words = fold(query).split(' ').filter(Boolean);
  if (words.length === 0) return topics.filter((t) => t.entries.length > 0);
  return topics
    .map((t) => ({ ...t, entries: t.entries.filter((e) => words.every((w) => fold(`${e.question} ${e.answer}`).includes(w))) }))
    .filter((t) => t.entries.length > 0);
}
