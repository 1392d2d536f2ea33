import { accountText } from '@openride/shared/account/account-text';
import { emailChangeSchema } from '@openride/shared/account/schemas';
import { APIError } from 'better-auth/api';
import { badRequest } from '../lib/errors';
import type { Ports } from '../ports';
import type { Auth } from '../auth/auth';

/** Where the confirmation link lands once followed (better-auth adds `?error=…` when the link is bad). */
export const EMAIL_CHANGED_CALLBACK = '/account-settings?email=changed';

/**
 * Ask for an email change: better-auth's change-email sends a signed link (1 hour) to the NEW address
 * (auth.ts `emailVerification.sendVerificationEmail`, through the messenger); the email changes only when it
 * is followed (GET /api/auth/verify-email). An address another account holds gets the same answer and no
 * email, so this cannot be used to learn who has an account.
 */
export async function changeEmail(services: Pick<Ports, 'db'> & { auth: Auth }, userId: string, raw: unknown, headers: Headers) {
  const { email } = emailChangeSchema.parse(raw);
  const current = await services.db.selectFrom('user').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
  if (current.email.toLowerCase() === email.toLowerCase()) throw badRequest(accountText.email.sameEmail);
  try {
    await services.auth.api.changeEmail({ body: { newEmail: email, callbackURL: EMAIL_CHANGED_CALLBACK }, headers });
  } catch (err) {
    if (err instanceof APIError && err.status === 'BAD_REQUEST') throw badRequest(accountText.email.sameEmail);
    throw err;
  }
  return { sent: true as const };
}
