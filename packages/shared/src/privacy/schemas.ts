import { z } from 'zod';

/** What the person types to confirm (decision 0059). */
export const DELETE_CONFIRMATION = 'DELETE';

/**
 * `POST /api/me/delete`: the typed confirmation, and the current password when the account has one (every
 * email-and-password account does). Checked on the server; a wrong one changes nothing.
 */
export const deleteAccountSchema = z
  .object({
    confirm: z.string().max(20),
    password: z.string().max(200).optional(),
  })
  .strict();
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;
