import { z } from 'zod';
import { timestampSchema } from '../contract';

/** Web Push answers (decision 0017): apps/server/src/push. */
export const pushConfigSchema = z.strictObject({ publicKey: z.string() });
export const pushSubscriptionResponseSchema = z.strictObject({
  subscription: z.strictObject({ id: z.string(), endpoint: z.string(), created_at: timestampSchema }),
});
export const pushDeletedSchema = z.strictObject({ deleted: z.number().int() });
