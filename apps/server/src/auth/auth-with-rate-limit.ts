import type { AuthWithRateLimitInput, AuthWithRateLimitResponse } from '@openride/shared/auth/schemas';
import { messages } from '@openride/shared/messages';
import { APIError } from 'better-auth/api';
import type { Services } from '../http/context';
import { findPhoneConflict } from '../profiles/find-phone-conflict';
import { PASSWORD_COMPROMISED } from './leaked-password';
import { hit, isBlocked } from '../lib/rate-limit';

export type AuthAttemptResult = { status: number; body: AuthWithRateLimitResponse; headers?: Headers };

const fail = (status: number, message: string, code: string, extra: Partial<AuthWithRateLimitResponse> = {}): AuthAttemptResult => ({
  status,
  body: { data: null, error: { message, code }, ...extra },
});

const rateLimited = () => fail(429, messages.errors.tooManyAttempts.text, 'rate_limited', { rateLimited: true });

/**
 * The one entry for email sign-in and sign-up (§7 auth-with-rate-limit). Failed sign-ins count tightly
 * per account and loosely per address; a success clears the account's count. The session cookie comes
 * back in `headers`; the body also carries the session token the spec's response shape names.
 * A sign-up whose phone another account holds is refused before anything is created.
 */
export async function authWithRateLimit(
  services: Services,
  input: AuthWithRateLimitInput,
  ctx: { ip: string; headers: Headers },
): Promise<AuthAttemptResult> {
  const { auth, db, limiters } = services;
  const email = input.email.trim().toLowerCase();

  if (input.action === 'signin') {
    if ((await isBlocked(limiters.failedPerAccount, email)) || (await isBlocked(limiters.failedPerIp, ctx.ip))) return rateLimited();
    try {
      const { headers, response } = await auth.api.signInEmail({
        body: { email, password: input.password, rememberMe: true },
        headers: ctx.headers,
        returnHeaders: true,
      });
      await limiters.failedPerAccount.delete(email);
      return {
        status: 200,
        headers,
        body: { data: { session: { access_token: response.token, refresh_token: response.token }, user: { id: response.user.id, email: response.user.email } }, error: null },
      };
    } catch (err) {
      if (!(err instanceof APIError)) throw err;
      await Promise.all([hit(limiters.failedPerAccount, email), hit(limiters.failedPerIp, ctx.ip)]);
      if (err.statusCode === 401) return fail(400, 'Invalid login credentials', 'invalid_credentials');
      return fail(err.statusCode || 400, err.body?.message ?? messages.errors.signInFailed.text, String(err.body?.code ?? 'signin_failed').toLowerCase());
    }
  }

  if (await isBlocked(limiters.signupPerIp, ctx.ip)) return rateLimited();
  await hit(limiters.signupPerIp, ctx.ip);
  const { full_name, phone } = input.options.data;
  // §5 runs this check in the client too, and ignores it when it fails: the server is where it holds.
  // (Counted after the sign-up limit, so it is no cheaper way to probe phones than the RPC.)
  const conflict = await findPhoneConflict(db, phone, null);
  if (conflict) return fail(409, conflict, 'phone_conflict');
  try {
    const { headers, response } = await auth.api.signUpEmail({
      body: { email, password: input.password, name: full_name },
      headers: ctx.headers,
      returnHeaders: true,
    });
    await db.updateTable('profiles').set({ full_name, phone, updated_at: new Date() }).where('id', '=', response.user.id).execute();
    const token = response.token;
    return {
      status: 200,
      headers,
      body: {
        data: { session: token ? { access_token: token, refresh_token: token } : null, user: { id: response.user.id, email: response.user.email } },
        error: null,
      },
    };
  } catch (err) {
    if (!(err instanceof APIError)) throw err;
    const code = String(err.body?.code ?? '');
    if (code === PASSWORD_COMPROMISED || code === 'PASSWORD_COMPROMISED') {
      return fail(400, messages.errors.weakPassword.text, 'password_leaked', { passwordLeaked: true });
    }
    if (code.startsWith('USER_ALREADY_EXISTS')) return fail(422, 'User already registered', 'user_already_exists');
    return fail(err.statusCode || 400, err.body?.message ?? messages.errors.signUpFailed.text, code.toLowerCase() || 'signup_failed');
  }
}
