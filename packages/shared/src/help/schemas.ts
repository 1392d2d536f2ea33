import { z } from 'zod';
import { multilineText, text } from '../text';

/** The topics of the public FAQ (/help), in the order the page shows them (decision 0056). */
export const FAQ_TOPICS = ['booking', 'payments', 'safety', 'drivers', 'account'] as const;
export type FaqTopic = (typeof FAQ_TOPICS)[number];

export const faqTopicLabels: Record<FaqTopic, string> = {
  booking: 'Booking and rides',
  payments: 'Payments and refunds',
  safety: 'Safety',
  drivers: 'Drivers',
  account: 'Account and privacy',
};

export const faqEntryInputSchema = z.strictObject({
  topic: z.enum(FAQ_TOPICS),
  question: text().trim().min(3, 'Write the question (at least 3 characters).').max(200, 'At most 200 characters.'),
  answer: multilineText().trim().min(3, 'Write the answer (at least 3 characters).').max(4000, 'At most 4,000 characters.'),
});
export type FaqEntryInput = z.infer<typeof faqEntryInputSchema>;

/** Moves an entry one place up or down within its topic. */
export const faqMoveSchema = z.strictObject({ direction: z.enum(['up', 'down']) });
export type FaqMove = z.infer<typeof faqMoveSchema>;
