import { accountText } from '@openride/shared/account/account-text';
import { messages } from '@openride/shared/messages';
import { betterAuth } from 'better-auth';
import { haveIBeenPwned } from 'better-auth/plugins/haveibeenpwned';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { ownOrigins } from '../http/same-origin';
import type { Logger } from '../lib/logger';
import type { Messenger } from '../messaging/messenger';
import { offlineLeakedPasswords } from './leaked-password';

export type AuthDeps = {
  db: Kysely<DB>;
  secret: string;
  baseURL: string;
  trustedOrigins: string[];
  messenger: Messenger;
  hibp: boolean;
  logger: Logger;
};

/** Seconds a signed session snapshot in a cookie is trusted without a database read (hot paths). */
export const SESSION_COOKIE_CACHE_SECONDS = 5 * 60;

export function createAuth(deps: AuthDeps) {
  return betterAuth({
    appName: messages.app.name,
    baseURL: deps.baseURL,
    basePath: '/api/auth',
    secret: deps.secret,
    // PUBLIC_URL and the configured origins, plus the address this very request was sent to: the app
    // opened at 127.0.0.1 or a LAN address while PUBLIC_URL says localhost is not a foreign site.
    trustedOrigins: (request) => [...deps.trustedOrigins, ...ownOrigins(request)],
    telemetry: { enabled: false },
    // better-auth skips its origin (CSRF) check when NODE_ENV is 'test': keep it on, so the tests exercise
    // the check production runs.
    advanced: { disableOriginCheck: false },
    // better-auth's own messages join our JSON log stream instead of printing coloured lines.
    logger: {
      level: 'warn',
      log: (level, message, ...args) => deps.logger[level]({ component: 'better-auth', args: args.length ? args : undefined }, message),
    },
    database: { db: deps.db, type: 'postgres' },
    // Sign-in/up go through our own rate-limited entry (auth-with-rate-limit); better-auth's limiter would
    // double count and knows nothing of per-account failures.
    rateLimit: { enabled: false },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 256,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      async sendResetPassword({ user, url }) {
        await deps.messenger.send({
          channel: 'email',
          to: user.email,
          subject: `Reset your ${messages.app.name} password`,
          body: `Someone asked to reset the password of your ${messages.app.name} account.\n\nOpen this link to choose a new password (valid for 1 hour):\n${url}\n\nIf it wasn't you, ignore this email.`,
        });
      },
    },
    // /account-settings' email change (decision 0058): the signed link goes to the NEW address and the email
    // changes only when it is followed (GET /api/auth/verify-email). No confirmation step to the old address,
    // no change without a link; sign-up sends nothing (sendOnSignUp false).
    user: { changeEmail: { enabled: true } },
    emailVerification: {
      sendOnSignUp: false,
      expiresIn: 60 * 60,
      async sendVerificationEmail({ user, url }) {
        await deps.messenger.send({
          channel: 'email',
          to: user.email,
          subject: accountText.email.subject(messages.app.name),
          body: accountText.email.body(messages.app.name, url),
        });
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      // Rolling session: used at least once a day, it is extended (the "refreshes itself" of §7).
      updateAge: 60 * 60 * 24,
      cookieCache: { enabled: true, maxAge: SESSION_COOKIE_CACHE_SECONDS },
    },
    databaseHooks: {
      user: {
        create: {
          // Every account gets its profile row (§3 profiles.id = user id).
          after: async (user) => {
            await deps.db
              .insertInto('profiles')
              .values({ id: user.id, full_name: user.name || null })
              .onConflict((oc) => oc.column('id').doNothing())
              .execute();
          },
        },
      },
    },
    plugins: [
      offlineLeakedPasswords(messages.errors.weakPassword.text),
      ...(deps.hibp ? [haveIBeenPwned({ customPasswordCompromisedMessage: messages.errors.weakPassword.text })] : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
