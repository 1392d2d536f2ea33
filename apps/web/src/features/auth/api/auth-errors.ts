import type { AuthWithRateLimitResponse } from '@openride/shared/auth/schemas';
import { messages } from '@openride/shared/messages';

export type AuthFailure = { title: string; description: string; switchToSignIn?: boolean };

/** The server's own phone check at sign-up (409), for when the pre-check was skipped or raced. */
const PHONE_CONFLICT_CODE = 'phone_conflict';

const { errors } = messages;

/** §8: turns a failed auth-with-rate-limit answer into the catalogue's toast, first matching rule wins. */
export function authFailure(action: 'signin' | 'signup', response: AuthWithRateLimitResponse): AuthFailure {
  const message = response.error?.message ?? '';
  const lower = message.toLowerCase();
  const code = (response.error?.code ?? '').toLowerCase();

  if (response.rateLimited) return { title: errors.tooManyAttempts.title, description: errors.tooManyAttempts.text };
  if (response.passwordLeaked || lower.includes('breach') || lower.includes('pwned') || lower.includes('compromised') || code.includes('pwned')) {
    return { title: errors.weakPassword.title, description: errors.weakPassword.text };
  }
  // Before Account Found: a conflict message may well say 'already registered'.
  if (action === 'signup' && code === PHONE_CONFLICT_CODE) {
    return { title: errors.phoneInUse.title, description: message || errors.signUpFailed.text };
  }
  if (
    lower.includes('invalid login credentials') ||
    lower.includes('invalid email or password') ||
    (lower.includes('invalid') && lower.includes('credential')) ||
    code === 'invalid_email_or_password' ||
    code === 'invalid_credentials'
  ) {
    return { title: errors.invalidCredentials.title, description: errors.invalidCredentials.text };
  }
  if (lower.includes('already registered') || lower.includes('already exists') || code.includes('user_already_exists')) {
    return { title: errors.accountFound.title, description: errors.accountFound.text, switchToSignIn: true };
  }
  if (action === 'signup') return { title: errors.signUpFailed.title, description: message || errors.signUpFailed.text };
  return { title: errors.signInFailed.title, description: errors.signInFailed.text };
}
