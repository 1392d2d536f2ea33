import { defineRoutes } from '../contract';
import { deleteAccountSchema } from './schemas';
import { accountDeletedSchema, dataExportSchema } from './views';

/** The account's privacy (issue 15, decision 0059): download my data, delete my account. */
export const privacyRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/api/me/export',
    tag: 'privacy',
    summary: 'Everything stored about the caller, as one JSON file (attachment openride-data-YYYY-MM-DD.json)',
    description:
      'One entry per table holding the caller’s rows (as rider and as driver); secrets (password hashes, session tokens, OTP codes, push keys) and file bytes are left out.',
    auth: 'user',
    responses: { 200: { description: 'The export (attachment)', schema: dataExportSchema } },
  },
  {
    method: 'POST',
    path: '/api/me/delete',
    tag: 'privacy',
    summary: 'Delete the caller’s account: personal data erased or anonymised, rides, payments and ledger kept without identity',
    description:
      'Needs `confirm: "DELETE"` and the current password. Refused while a ride is active or money is owed; afterwards every session has ended and sign-in fails.',
    auth: 'user',
    request: { body: deleteAccountSchema },
    responses: {
      200: { description: 'Deleted; the session cookies are cleared', schema: accountDeletedSchema },
      400: { description: 'Not confirmed, or a wrong password' },
      409: { description: 'An active ride, or money owed' },
    },
  },
]);
