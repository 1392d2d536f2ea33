import { z } from 'zod';
import { timestampSchema } from '../contract';
import { SUPPORT_CATEGORIES } from '../support/categories';
import { cannedReplySchema } from './schemas';

/** One version of a category's procedure: the newest is the one admins follow. */
export const procedureViewSchema = z.strictObject({
  id: z.string(),
  category: z.enum(SUPPORT_CATEGORIES),
  version: z.number().int(),
  title: z.string(),
  steps: z.array(z.string()),
  replies: z.array(cannedReplySchema),
  created_at: timestampSchema,
  /** Null for the versions seeded with the database (and when the admin's account is gone). */
  created_by_name: z.string().nullable(),
});
export type ProcedureView = z.infer<typeof procedureViewSchema>;

export const proceduresResponseSchema = z.strictObject({ procedures: z.array(procedureViewSchema) });
export const procedureResponseSchema = z.strictObject({ procedure: procedureViewSchema });
export const procedureVersionsResponseSchema = z.strictObject({ versions: z.array(procedureViewSchema) });
