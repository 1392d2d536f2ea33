import { z } from 'zod';
import { LEGAL_KINDS } from './schemas';

export const legalDocumentSchema = z.object({
  kind: z.enum(LEGAL_KINDS),
  version: z.number().int(),
  body: z.string(),
  published_at: z.string(),
});
export type LegalDocument = z.infer<typeof legalDocumentSchema>;

/** GET /api/public/legal: the versions in force. */
export const legalDocumentsResponseSchema = z.object({ terms: legalDocumentSchema, privacy: legalDocumentSchema });
export type LegalDocuments = z.infer<typeof legalDocumentsResponseSchema>;

/** GET /api/legal/status: what the signed-in user has agreed to, and whether they must agree again. */
export const legalStatusSchema = z.object({
  /** The current versions. */
  current: z.object({ terms: z.number().int(), privacy: z.number().int() }),
  /** The newest version of each the user accepted, null if none. */
  accepted: z.object({ terms: z.number().int().nullable(), privacy: z.number().int().nullable() }),
  /** True when a current version has not been accepted (never true for admins: they publish the documents). */
  needs_acceptance: z.boolean(),
});
export type LegalStatus = z.infer<typeof legalStatusSchema>;

/** GET /api/admin/legal: every version of both documents, newest first, with who published it. */
export const legalVersionSchema = legalDocumentSchema.extend({ published_by_name: z.string().nullable() });
export const legalVersionsResponseSchema = z.object({ versions: z.array(legalVersionSchema) });
export type LegalVersion = z.infer<typeof legalVersionSchema>;

export const publishedLegalResponseSchema = z.object({ document: legalDocumentSchema });
