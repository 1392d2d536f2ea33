import { z } from 'zod';
import { timestampSchema } from '../contract';
import { FILE_CONTENT_TYPES, FILE_PURPOSES } from './schemas';

/** A stored file as its owner sees it (apps/server/src/files). The bytes are at GET /api/files/:id. */
export const fileViewSchema = z.strictObject({
  id: z.string(),
  purpose: z.enum(FILE_PURPOSES),
  content_type: z.enum(FILE_CONTENT_TYPES),
  size: z.number().int(),
  sha256: z.string(),
  /** The name the browser gave, for display only (sanitised, at most 120 characters). */
  name: z.string().nullable(),
  created_at: timestampSchema,
});
export type FileView = z.infer<typeof fileViewSchema>;

export const fileUploadedSchema = z.strictObject({ file: fileViewSchema });
