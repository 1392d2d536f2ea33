import { passwordChangeSchema } from '@openride/shared/account/schemas';
import { APIError } from 'better-auth/api';
import { isCommonPassword, PASSWORD_COMPROMISED } from '../auth/leaked-password';
import { domainError } from '../lib/errors';
import type { Auth } from '../auth/auth';

/**
 * Change the caller's password through better-auth's change-password (its hasher carries the leaked-password
 * checks of sign-up: the offline list, and Have I Been Pwned when HIBP_ENABLED). The other sessions end; this
 * one is replaced, so the answer's cookies are the caller's new session. A wrong current password changes nothing.
 */
export async function changePassword(services: { auth: Auth }, raw: unknown, headers: Headers): Promise<Headers> {
  const input = passwordChangeSchema.parse(raw);
  // The same offline list the hasher checks, said before better-auth is asked (and its words are ours).
  if (isCommonPassword(input.new_password)) throw domainError('PASSWORD_LEAKED');
  try {
    const { headers: answer } = await services.auth.api.changePassword({
      body: { currentPassword: input.current_password, newPassword: input.new_password, revokeOtherSessions: true },
      headers,
      returnHeaders: true,
    });
    return answer;
  } catch (err) {
    if (err instanceof APIError) {
      const code = (err.body as { code?: string } | undefined)?.code;
      if (code === PASSWORD_COMPROMISED) throw domainError('PASSWORD_LEAKED');
      if (code === 'INVALID_PASSWORD') throw domainError('WRONG_PASSWORD');
    }
    throw err;
  }
}
