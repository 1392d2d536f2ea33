import { profileUpdateSchema } from '../auth/schemas';
import { defineRoutes } from '../contract';
import { checkPhoneConflictSchema } from './schemas';
import { meSchema, phoneConflictRowsSchema, profileResponseSchema, profileSchema } from './views';

/** The caller's own rows only: no path or field names another user. */
export const profileRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/api/me',
    tag: 'profiles',
    summary: 'Who am I: user, role, roles, profile (and the admin path, to admins; the driver dashboard path, to approved drivers)',
    auth: 'user',
    responses: { 200: { description: 'The caller', schema: meSchema } },
  },
  {
    method: 'GET',
    path: '/api/profiles/me',
    tag: 'profiles',
    summary: "The caller's profile",
    auth: 'user',
    responses: { 200: { description: 'The profile', schema: profileSchema } },
  },
  {
    method: 'PATCH',
    path: '/api/profiles/me',
    tag: 'profiles',
    summary: "Update the caller's profile",
    description: 'Then `profile.changed` on `user:{id}`. A changed phone is no longer verified.',
    auth: 'user',
    request: { body: profileUpdateSchema },
    responses: { 200: { description: 'Updated', schema: profileResponseSchema }, 409: { description: 'Another account holds the new phone' } },
  },
  {
    method: 'POST',
    path: '/api/rpc/check_phone_conflict',
    tag: 'profiles',
    summary: 'Is this phone held by another account? (§7 RPC)',
    description:
      "Phones are compared by their E.164 digits; `check_phone` is read in `country`, else the deployment's `DEFAULT_COUNTRY` (decision 0094). `exclude_user_id` must be the caller's own id (or null). 60 per address per 15 minutes.",
    auth: 'public',
    request: { body: checkPhoneConflictSchema },
    responses: {
      200: { description: '`[]` when free, else one row with the conflict message', schema: phoneConflictRowsSchema },
      403: { description: "`exclude_user_id` is not the caller's" },
      429: { description: 'Too many checks' },
    },
  },
]);
