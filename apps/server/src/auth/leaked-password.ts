import { dictionary } from '@zxcvbn-ts/language-common';

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
