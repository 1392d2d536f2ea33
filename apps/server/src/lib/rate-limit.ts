import type { Redis } from 'ioredis';
import type { DomainErrorCode } from '@openride/shared/errors';
import { ESTIMATES_PER_MINUTE } from '@openride/shared/public/api';
import { CONTACTS_PER_HOUR } from '@openride/shared/support/schemas';
import { type IRateLimiterOptions, RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { domainError } from './errors';

export type AuthLimiters = {
  /**
   * Failed sign-ins per account from one network address: tight, so guessing from one place is slow, and
   * scoped to that place, so a stranger's wrong guesses do not lock the owner out where they sign in.
   */
  failedPerAccountAddress: RateLimiterAbstract;
  /** Failed sign-ins per account from every address together: softer, so guessing from many places is slow too. */
  failedPerAccount: RateLimiterAbstract;
  /** Failed sign-ins per network address: loose, so people behind one shared address are not locked out. */
  failedPerIp: RateLimiterAbstract;
  /** Sign-ups per network address (an existing email counts too: its answer tells that the account exists). */
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
  /** Public fare estimates from one network address (decision 0036): each may cost a routing call. */
  estimatePerIp: RateLimiterAbstract;
  /** /contact messages from one network address (decision 0055): each is a ticket an admin reads. */
  contactPerIp: RateLimiterAbstract;
};

export const AUTH_LIMITS = {
  failedPerAccountAddress: { points: 5, duration: 15 * 60 },
  failedPerAccount: { points: 20, duration: 60 * 60 },
  failedPerIp: { points: 100, duration: 15 * 60 },
  signupPerIp: { points: 20, duration: 60 * 60 },
  otpSendPerPhone: { points: 5, duration: 60 * 60 },
  otpSendPerIp: { points: 20, duration: 60 * 60 },
  otpVerifyPerIp: { points: 50, duration: 15 * 60 },
  phoneCheckPerIp: { points: 60, duration: 15 * 60 },
  adminResetPerIp: { points: 10, duration: 15 * 60 },
  estimatePerIp: { points: ESTIMATES_PER_MINUTE, duration: 60 },
  contactPerIp: { points: CONTACTS_PER_HOUR, duration: 60 * 60 },
} as const;

/** In memory by default; shared through Redis when REDIS_URL is set, so every process counts together. */
export function createAuthLimiters(redis?: Redis, prefix = 'openride', limits = AUTH_LIMITS): AuthLimiters {
  const make = (keyPrefix: string, opts: IRateLimiterOptions) =>
    redis ? new RateLimiterRedis({ storeClient: redis, keyPrefix: `${prefix}:rl:${keyPrefix}`, ...opts }) : new RateLimiterMemory({ keyPrefix, ...opts });
  return {
    failedPerAccountAddress: make('signin-acct-ip', limits.failedPerAccountAddress),
    failedPerAccount: make('signin-acct-1h', limits.failedPerAccount),
    failedPerIp: make('signin-ip', limits.failedPerIp),
    signupPerIp: make('signup-ip', limits.signupPerIp),
    otpSendPerPhone: make('otp-send-phone', limits.otpSendPerPhone),
    otpSendPerIp: make('otp-send-ip', limits.otpSendPerIp),
    otpVerifyPerIp: make('otp-verify-ip', limits.otpVerifyPerIp),
    phoneCheckPerIp: make('phone-check-ip', limits.phoneCheckPerIp),
    adminResetPerIp: make('admin-reset-ip', limits.adminResetPerIp),
    estimatePerIp: make('estimate-ip', limits.estimatePerIp),
    contactPerIp: make('contact-ip', limits.contactPerIp),
  };
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

/** One limit and the key it counts under (an address, an account, an account at an address). */
export type LimitKey = readonly [limiter: RateLimiterAbstract, key: string];

/**
 * Consume one point of each limit, in order, before the work they guard: all within their limits, or none
 * charged (a point already taken is given back when a later limit refuses), so an attempt one limit stops
 * does not eat into the others. Each consume is atomic (in memory and on Redis), so N concurrent attempts
 * get at most `points` passes however they interleave; checking first and counting after the slow work
 * let them all through.
 */
export async function takeAll(limits: readonly LimitKey[]): Promise<boolean> {
  const taken: LimitKey[] = [];
  for (const limit of limits) {
    if (await take(...limit)) {
      taken.push(limit);
      continue;
    }
    await giveBack(taken);
    return false;
  }
  return true;
}

/** Return the point an attempt took (it turned out not to count: a successful sign-in, say). */
export async function giveBack(limits: readonly LimitKey[]): Promise<void> {
  await Promise.all(limits.map(([limiter, key]) => limiter.reward(key, 1)));
}

/**
 * What one signed-in user may do per unit of time (decision 0024). Each is far above what a person does
 * and far below what a script does: a burst of chat, a few rides booked and cancelled, but not hundreds.
 */
export type UsageLimiters = {
  /** Chat messages by one user on one ride: a burst of 20, then one every 3 seconds on average. */
  chatPerUserRide: RateLimiterAbstract;
  /** Chat messages by one user on every ride together (random ride ids would dodge the per-ride count). */
  chatPerUser: RateLimiterAbstract;
  /** Masked calls by one user on one ride: each one is a paid call through the operator's provider. */
  callPerUserRide: RateLimiterAbstract;
  /** Ride requests by one rider: each starts dispatch, which offers the ride to drivers. */
  rideRequestPerUser: RateLimiterAbstract;
  /** Cancellations by one driver: each ends a rider's booking and tells them. (A rider's are bounded by their bookings.) */
  cancelPerUser: RateLimiterAbstract;
  /** Uploads by one user (decision 0045): each may be 10 MB read, decoded and stored. Refused ones count too. */
  uploadPerUser: RateLimiterAbstract;
};

export type UsageLimitSettings = Record<keyof UsageLimiters, { points: number; duration: number }>;

export const USAGE_LIMITS: UsageLimitSettings = {
  chatPerUserRide: { points: 20, duration: 60 },
  chatPerUser: { points: 60, duration: 60 },
  rideRequestPerUser: { points: 10, duration: 10 * 60 },
  callPerUserRide: { points: 5, duration: 10 * 60 },
  cancelPerUser: { points: 20, duration: 10 * 60 },
  uploadPerUser: { points: 30, duration: 10 * 60 },
};

/** Like the auth limits: in memory, or through Redis so every process of a scaled deployment counts together. */
export function createUsageLimiters(redis?: Redis, prefix = 'openride', limits: UsageLimitSettings = USAGE_LIMITS): UsageLimiters {
  const make = (keyPrefix: string, opts: IRateLimiterOptions) =>
    redis ? new RateLimiterRedis({ storeClient: redis, keyPrefix: `${prefix}:rl:${keyPrefix}`, ...opts }) : new RateLimiterMemory({ keyPrefix, ...opts });
  return {
    chatPerUserRide: make('chat-user-ride', limits.chatPerUserRide),
    chatPerUser: make('chat-user', limits.chatPerUser),
    rideRequestPerUser: make('ride-request-user', limits.rideRequestPerUser),
    callPerUserRide: make('call-user-ride', limits.callPerUserRide),
    cancelPerUser: make('cancel-user', limits.cancelPerUser),
    uploadPerUser: make('upload-user', limits.uploadPerUser),
  };
}

/**
 * Run `work` if one point of each limit is left, else refuse with `refusal` (a 429 with its words). The
 * points are taken before the work, atomically, so a burst sent at once cannot slip past; they are given
 * back when the work fails or `counts` says its result did not count (a refused or repeated attempt),
 * so only what actually happened is charged.
 */
export async function withinLimits<T>(
  limits: readonly LimitKey[],
  refusal: DomainErrorCode,
  work: () => Promise<T>,
  counts: (result: T) => boolean = () => true,
): Promise<T> {
  if (!(await takeAll(limits))) throw domainError(refusal);
  let result: T;
  try {
    result = await work();
  } catch (err) {
    await giveBack(limits);
    throw err;
  }
  if (!counts(result)) await giveBack(limits);
  return result;
}
