import { getCurrentAuthEndpointContext } from '@better-auth/core/context';
import { dictionary } from '@zxcvbn-ts/language-common';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError } from 'better-auth/api';

/**
 * Offline breach check: the ~49k most common passwords shipped by @zxcvbn-ts/language-common (built from
 * leaked-password corpora). Case-insensitive, because "Password1" is as guessable as "password1".
 * Have I Been Pwned can be layered on top with HIBP_ENABLED=1 (network required).
 */
const common = new Set<string>((dictionary as Record<string, string[]>)['passwords-common']);

export function isCommonPassword(password: string): boolean {
  return common.has(password.toLowerCase());
}

export const PASSWORD_COMPROMISED = 'PASSWORD_COMPROMISED';

/** Paths that set a password. Sign-in also hashes (for a missing user, to keep timing flat): never refuse there, or it would reveal which accounts exist. */
const PASSWORD_SETTING_PATHS = ['/sign-up/email', '/change-password', '/reset-password'];

/** Same shape as better-auth's haveIBeenPwned plugin: wrap the hasher, refuse on password-setting paths. */
export const offlineLeakedPasswords = (message: string) =>
  ({
    id: 'offline-leaked-passwords',
    init(ctx) {
      const originalHash = ctx.password.hash;
      return {
        context: {
          password: {
            ...ctx.password,
            async hash(password: string) {
              const path = getCurrentAuthEndpointContext().path;
              if (path && PASSWORD_SETTING_PATHS.includes(path) && isCommonPassword(password)) {
                throw new APIError('BAD_REQUEST', { message, code: PASSWORD_COMPROMISED });
              }
              return originalHash(password);
            },
          },
        },
      };
    },
  }) satisfies BetterAuthPlugin;
