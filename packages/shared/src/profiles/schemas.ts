import { z } from 'zod';
import { phoneCountrySchema } from '../otp/schemas';
import { text } from '../text';
import type { phoneConflictRowsSchema, ProfileView } from './views';

/** The message `check_phone_conflict` returns (and sign-up refuses with) when another account holds the phone. */
export const PHONE_CONFLICT_MESSAGE = 'This phone number is already registered to another account.';

/** Body of the `check_phone_conflict` RPC (§7): exclude_user_id is the current user's id, or null before sign-up. */
export const checkPhoneConflictSchema = z.object({
  check_phone: text().max(64),
  /** The form's country (decision 0094); absent: the deployment's DEFAULT_COUNTRY. */
  country: phoneCountrySchema.optional(),
  exclude_user_id: text().min(1).max(200).nullable().optional().default(null),
});
export type CheckPhoneConflictInput = z.input<typeof checkPhoneConflictSchema>;
export type PhoneConflictRow = z.infer<typeof phoneConflictRowsSchema>[number];

/** GET /api/profiles/me (§7 profiles select). */
export type Profile = ProfileView;
