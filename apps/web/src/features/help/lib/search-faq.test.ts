import type { FaqTopicView } from '@openride/shared/help/views';
import { describe, expect, it } from 'vitest';
import { fold, searchFaq } from './search-faq';

const entry = (id: string, question: string, answer: string) => ({
  id,
  topic: 'booking' as const,
  question,
  answer,
  position: 1,
  updated_at: '2026-01-01T00:00:00.000Z',
});
const topics: FaqTopicView[] = [
  {
    id: 'booking',
    label: 'Booking and rides',
    entries: [entry('1', 'What is the ride PIN?', 'A 4-digit code.'), entry('2', 'Can I cancel?', 'Free until a driver accepts.')],
  },
  { id: 'payments', label: 'Payments and refunds', entries: [entry('3', 'How do refunds work?', 'A card ride is refunded to the card.')] },
  { id: 'safety', label: 'Safety', entries: [] },
];

describe('searching the FAQ', () => {
  it('keeps every non-empty topic for an empty query', () => {
    expect(searchFaq(topics, '  ').map((t) => t.id)).toEqual(['booking', 'payments']);
  });

  it('matches every word, in the question or the answer, ignoring case and accents', () => {
    expect(searchFaq(topics, 'pin').flatMap((t) => t.entries.map((e) => e.id))).toEqual(['1']);
    expect(searchFaq(topics, 'CARD refunded').flatMap((t) => t.entries.map((e) => e.id))).toEqual(['3']);
    expect(searchFaq(topics, 'driver cancel').flatMap((t) => t.entries.map((e) => e.id))).toEqual(['2']);
    expect(searchFaq(topics, 'refund pin')).toEqual([]);
    expect(fold('Café  PIN')).toBe('cafe pin');
  });
});
