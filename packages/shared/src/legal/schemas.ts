import { z } from 'zod';
import { multilineText } from '../text';

/** The two documents a user agrees to (issue 15, decision 0057). */
export const LEGAL_KINDS = ['terms', 'privacy'] as const;
export type LegalKind = (typeof LEGAL_KINDS)[number];

/** A document's body: plain paragraphs, `## ` headings and `- ` list items (legal-blocks.ts), at most 50,000 characters. */
export const LEGAL_BODY_MAX = 50_000;

/** POST /api/admin/legal: publish a new version of one document (the next number, in force at once). */
export const publishLegalSchema = z.object({
  kind: z.enum(LEGAL_KINDS),
  body: multilineText().trim().min(20, 'Write the document (at least 20 characters)').max(LEGAL_BODY_MAX, `At most ${LEGAL_BODY_MAX} characters`),
});
export type PublishLegalInput = z.infer<typeof publishLegalSchema>;

/** POST /api/legal/accept: the versions the user read and agreed to; both must be the current ones. */
export const acceptLegalSchema = z.object({
  terms_version: z.number().int().min(1).max(1_000_000),
  privacy_version: z.number().int().min(1).max(1_000_000),
});
export type AcceptLegalInput = z.infer<typeof acceptLegalSchema>;
