import type { Redis } from 'ioredis';
import { type IRateLimiterOptions, RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';

export type AuthLimiters = {
  /** Failed sign-ins per account: tight, so guessing one account's password is slow. */
  failedPerAccount: RateLimiterAbstract;
  /** Failed sign-ins per network address: loose, so people behind one shared address are not locked out. */
  failedPerIp: RateLimiterAbstract;
  /** Sign-ups per network address. */
  signupPerIp: RateLimiterAbstract;
  /** One-time codes sent to one phone: each is an SMS we pay for and a message the owner did not ask for. */
  otpSendPerPhone: RateLimiterAbstract;
  /** One-time codes sent from one network address, whatever the phones. */
  otpSendPerIp: RateLimiterAbstract;
  /** Code checks from one network address, across phones (each code also dies after 5 wrong guesses). */
  otpVerifyPerIp: RateLimiterAbstract;
  /** Phone-conflict lookups from one network address: they tell whether a phone has an account. */
  phoneCheckPerIp: RateLimiterAbstract;
  /** Admin password-reset requests from one network address: each may send an email. */
  adminResetPerIp: RateLimiterAbstract;
};

export const AUTH_LIMITS = {
  failedPerAccount: { points: 5, duration: 15 * 60 },
  failedPerIp: { points: 100, duration: 15 * 60 },
  signupPerIp: { points: 20, duration: 60 * 60 },
  otpSendPerPhone: { points: 5, duration: 60 * 60 },
  otpSendPerIp: { points: 20, duration: 60 * 60 },
  otpVerifyPerIp: { points: 50, duration: 15 * 60 },
  phoneCheckPerIp: { points: 60, duration: 15 * 60 },
  adminResetPerIp: { points: 10, duration: 15 * 60 },
} as const;

/** In memory by default; shared through Redis when REDIS_URL is set, so every process counts together. */
export function createAuthLimiters(redis?: Redis, prefix = 'openride', limits = AUTH_LIMITS): AuthLimiters {
  const make = (keyPrefix: string, opts: IRateLimiterOptions) =>
    redis ? new RateLimiterRedis({ storeClient: redis, keyPrefix: `${prefix}:rl:${keyPrefix}`, ...opts }) : new RateLimiterMemory({ keyPrefix, ...opts });
  return {
    failedPerAccount: make('signin-acct', limits.failedPerAccount),
    failedPerIp: make('signin-ip', limits.failedPerIp),
    signupPerIp: make('signup-ip', limits.signupPerIp),
    otpSendPerPhone: make('otp-send-phone', limits.otpSendPerPhone),
    otpSendPerIp: make('otp-send-ip', limits.otpSendPerIp),
    otpVerifyPerIp: make('otp-verify-ip', limits.otpVerifyPerIp),
    phoneCheckPerIp: make('phone-check-ip', limits.phoneCheckPerIp),
    adminResetPerIp: make('admin-reset-ip', limits.adminResetPerIp),
  };
}

/** True when the key has used up its points (without consuming one). */
export async function isBlocked(limiter: RateLimiterAbstract, key: string): Promise<boolean> {
  const res = await limiter.get(key);
  return res !== null && res.consumedPoints >= limiter.points;
}

/** Consume one point and say whether it was within the limit (atomic, also on Redis). Store errors throw. */
export async function take(limiter: RateLimiterAbstract, key: string): Promise<boolean> {
  try {
    await limiter.consume(key);
    return true;
  } catch (err) {
    if (err instanceof Error) throw err;
    return false;
  }
}

/** Consume one point; being over the limit is not an error here (the caller checks first). */
export async function hit(limiter: RateLimiterAbstract, key: string): Promise<void> {
  await limiter.consume(key).catch((err: unknown) => {
    if (err instanceof Error) throw err;
  });
}
