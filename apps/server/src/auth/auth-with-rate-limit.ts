import type { AuthWithRateLimitInput, AuthWithRateLimitResponse } from '@openride/shared/auth/schemas';
import { messages } from '@openride/shared/messages';
import { APIError } from 'better-auth/api';
import { hashPassword } from 'better-auth/crypto';
import type { Ports } from '../ports';
import type { Auth } from './auth';
import { findPhoneConflict } from '../profiles/find-phone-conflict';
import { storedPhone } from '../lib/phone-country';
import type { PhoneCountry } from '@openride/shared/phone';
import { PASSWORD_COMPROMISED } from './leaked-password';
import { giveBack, type LimitKey, take, takeAll } from '../lib/rate-limit';

export type AuthAttemptResult = { status: number; body: AuthWithRateLimitResponse; headers?: Headers };

const fail = (status: number, message: string, code: string, extra: Partial<AuthWithRateLimitResponse> = {}): AuthAttemptResult => ({
  status,
  body: { data: null, error: { message, code }, ...extra },
});

const rateLimited = () => fail(429, messages.errors.tooManyAttempts.text, 'rate_limited', { rateLimited: true });

/**
 * The one entry for email sign-in and sign-up (§7 auth-with-rate-limit). Every attempt takes its points
 * before the password is looked at (decision 0022), so concurrent attempts cannot outrun the count:
 * a sign-in takes one from the account at this address (tight: 5), the address (loose) and the account
 * everywhere (softer: 20 an hour); a success gives them back and clears the account's count at this
 * address. A sign-up takes one from the address's sign-up limit, whether the email is new or not.
 * The session cookie comes back in `headers`; the body also carries the session token the spec's response
 * shape names. A sign-up whose phone another account holds is refused before anything is created.
 */
export async function authWithRateLimit(
  services: Pick<Ports, 'db' | 'env' | 'limiters'> & { auth: Auth },
  input: AuthWithRateLimitInput,
  ctx: { ip: string; headers: Headers },
): Promise<AuthAttemptResult> {
  const { auth, db, limiters } = services;
  const email = input.email.trim().toLowerCase();

  if (input.action === 'signin') {
    // The narrowest first: an attempt refused for this account at this address charges nothing else.
    const limits: LimitKey[] = [
      [limiters.failedPerAccountAddress, JSON.stringify([email, ctx.ip])],
      [limiters.failedPerIp, ctx.ip],
      [limiters.failedPerAccount, email],
    ];
    if (!(await takeAll(limits))) return rateLimited();
    try {
      const { headers, response } = await auth.api.signInEmail({
        body: { email, password: input.password, rememberMe: true },
        headers: ctx.headers,
        returnHeaders: true,
      });
      await Promise.all([limiters.failedPerAccountAddress.delete(limits[0]![1]), giveBack(limits.slice(1))]);
      return {
        status: 200,
        headers,
        body: {
          data: { session: { access_token: response.token, refresh_token: response.token }, user: { id: response.user.id, email: response.user.email } },
          error: null,
        },
      };
    } catch (err) {
      if (!(err instanceof APIError)) throw err;
      if (err.statusCode === 401) return fail(400, 'Invalid login credentials', 'invalid_credentials');
      return fail(err.statusCode || 400, err.body?.message ?? messages.errors.signInFailed.text, String(err.body?.code ?? 'signin_failed').toLowerCase());
    }
  }

  if (!(await take(limiters.signupPerIp, ctx.ip))) return rateLimited();
  const { full_name, country } = input.options.data;
  // Stored in E.164 when it is a number of the form's country, else the deployment's (decision 0094); §5 asks only non-blank.
  const phone = storedPhone(input.options.data.phone, (country ?? services.env.DEFAULT_COUNTRY) as PhoneCountry);
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
    if (code.startsWith('USER_ALREADY_EXISTS')) {
      // better-auth answers an existing email before hashing the password; a new one pays for the hash
      // (its default scrypt, which auth.ts keeps). Hash here too, so the answer does not come back
      // measurably sooner for an existing account.
      await hashPassword(input.password);
      return fail(422, 'User already registered', 'user_already_exists');
    }
    return fail(err.statusCode || 400, err.body?.message ?? messages.errors.signUpFailed.text, code.toLowerCase() || 'signup_failed');
  }
}
