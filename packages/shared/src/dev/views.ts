import { z } from 'zod';
import { timestampSchema } from '../contract';

/** The dev mail/SMS catcher's rows, newest first (decision 0017): apps/server/src/dev/outbox.routes.ts. */
export const outboxMessageSchema = z.strictObject({
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  createdAt: timestampSchema,
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
export const outboxSchema = z.array(outboxMessageSchema);
