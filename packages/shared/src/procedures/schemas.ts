import { z } from 'zod';
import { SUPPORT_CATEGORIES } from '../support/categories';
import { multilineText, text } from '../text';

export const MAX_PROCEDURE_STEPS = 30;
export const MAX_CANNED_REPLIES = 10;

export const cannedReplySchema = z.strictObject({
  title: text().trim().min(1, 'Give the reply a title.').max(80, 'At most 80 characters.'),
  body: multilineText().trim().min(1, 'Write the reply.').max(2000, 'At most 2,000 characters.'),
});
export type CannedReply = z.infer<typeof cannedReplySchema>;

/**
 * A new version of a category's procedure (decision 0056). `base_version` is the version the admin edited:
 * when someone saved a newer one meanwhile, the save is refused (409) rather than silently replacing it.
 */
export const procedureInputSchema = z.strictObject({
  base_version: z.number().int().min(0),
  title: text().trim().min(1, 'Give the procedure a title.').max(120, 'At most 120 characters.'),
  steps: z
    .array(text().trim().min(1, 'A step cannot be empty.').max(500, 'At most 500 characters.'))
    .min(1, 'A procedure has at least one step.')
    .max(MAX_PROCEDURE_STEPS, `At most ${MAX_PROCEDURE_STEPS} steps.`),
  replies: z.array(cannedReplySchema).max(MAX_CANNED_REPLIES, `At most ${MAX_CANNED_REPLIES} canned replies.`),
});
export type ProcedureInput = z.infer<typeof procedureInputSchema>;

export const procedureCategoryParamsSchema = z.object({ category: z.enum(SUPPORT_CATEGORIES) });
