import type { AuthWithRateLimitInput, AuthWithRateLimitResponse } from '@openride/shared/auth/schemas';
import { callFunction, errorText } from './call-function';

/** §7: sign in or up through the rate-limited function; the server sets the session cookie itself. */
export async function authWithRateLimit(input: AuthWithRateLimitInput): Promise<AuthWithRateLimitResponse> {
  const { status, body } = await callFunction<AuthWithRateLimitResponse>('auth-with-rate-limit', input);
  const { message, code } = errorText(body.error);
  const failed = status >= 400 || body.error != null;
  return {
    data: failed ? null : (body.data ?? null),
    error: failed ? { message: message ?? '', code } : null,
    passwordLeaked: body.passwordLeaked === true,
    rateLimited: body.rateLimited === true || status === 429,
  };
}
