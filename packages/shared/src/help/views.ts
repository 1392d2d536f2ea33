import { z } from 'zod';
import { timestampSchema } from '../contract';
import { FAQ_TOPICS } from './schemas';

export const faqEntryViewSchema = z.strictObject({
  id: z.string(),
  topic: z.enum(FAQ_TOPICS),
  question: z.string(),
  answer: z.string(),
  position: z.number().int(),
  updated_at: timestampSchema,
});
export type FaqEntryView = z.infer<typeof faqEntryViewSchema>;

/** Every topic (in FAQ_TOPICS' order, empty ones too) with its entries in order. */
export const faqTopicViewSchema = z.strictObject({ id: z.enum(FAQ_TOPICS), label: z.string(), entries: z.array(faqEntryViewSchema) });
export type FaqTopicView = z.infer<typeof faqTopicViewSchema>;
export const faqResponseSchema = z.strictObject({ topics: z.array(faqTopicViewSchema) });
export type FaqResponse = z.infer<typeof faqResponseSchema>;
export const faqEntryResponseSchema = z.strictObject({ entry: faqEntryViewSchema });
