import { z } from 'zod';
import { listPageSchema } from '../admin/list-query';
import { REFERRAL_FLAGS, REFERRAL_PROGRAMS, REFERRAL_REVIEWS, REFERRAL_STATUSES } from './schemas';

/** A program's settings as admins set them (decision 0064): one row per program, versioned. */
export const referralProgramViewSchema = z.object({
  program: z.enum(REFERRAL_PROGRAMS),
  /** Null: the default settings (decision 0069). */
  city_id: z.string().nullable(),
  /** A city's own settings; false when the city uses the default (shown with version 0). */
  own: z.boolean(),
  /** The city's currency, the amounts' unit; null for the default (each city's own currency). */
  currency: z.string().nullable(),
  enabled: z.boolean(),
  referrer_reward_cents: z.number().int(),
  referee_reward_cents: z.number().int(),
  rides_required: z.number().int(),
  within_days: z.number().int(),
  /** The default's only: a city's referrals take the default's expiry at the claim. */
  expiry_days: z.number().int().nullable(),
  version: z.number().int(),
  updated_at: z.string().nullable(),
  updated_by_name: z.string().nullable(),
});
export type ReferralProgramView = z.infer<typeof referralProgramViewSchema>;

/** One of the caller's codes: a rider has the rider program's, an approved driver the driver program's too. */
export const myReferralCodeSchema = z.object({
  program: z.enum(REFERRAL_PROGRAMS),
  code: z.string(),
  /** `/auth?ref=CODE`: the web makes it absolute with its own origin. */
  link_path: z.string(),
  enabled: z.boolean(),
  referrer_reward_cents: z.number().int(),
  referee_reward_cents: z.number().int(),
  rides_required: z.number().int(),
  within_days: z.number().int(),
  expiry_days: z.number().int(),
  /** The amounts' currency: the caller's city's (where they first rode), null when not known yet. */
  currency: z.string().nullable(),
});

/** A person the caller referred: a first name only, where they stand, and what it paid. */
export const myReferralSchema = z.object({
  id: z.string(),
  name: z.string(),
  program: z.enum(REFERRAL_PROGRAMS),
  /** `expired` when the deadline passed without qualifying, even before anything wrote it down. */
  status: z.enum(REFERRAL_STATUSES),
  rides_done: z.number().int(),
  rides_required: z.number().int(),
  created_at: z.string(),
  expires_at: z.string(),
  rewarded_at: z.string().nullable(),
  reward_cents: z.number().int().nullable(),
  currency: z.string().nullable(),
});
export type MyReferral = z.infer<typeof myReferralSchema>;

export const myReferralsResponseSchema = z.object({
  codes: z.array(myReferralCodeSchema),
  referred: z.array(myReferralSchema),
  /** Rewards earned, as referrer and as the new rider, per currency. */
  rewards: z.array(z.object({ currency: z.string(), cents: z.number().int(), count: z.number().int() })),
  /** Whether the caller may still enter a code (a new account, none claimed). */
  can_claim: z.boolean(),
});
export type MyReferrals = z.infer<typeof myReferralsResponseSchema>;

export const claimReferralResponseSchema = z.object({
  referral: z.object({ id: z.string(), program: z.enum(REFERRAL_PROGRAMS), status: z.enum(REFERRAL_STATUSES), expires_at: z.string() }),
});

export const adminReferralSchema = z.object({
  id: z.string(),
  program: z.enum(REFERRAL_PROGRAMS),
  status: z.enum(REFERRAL_STATUSES),
  flag_reason: z.enum(REFERRAL_FLAGS).nullable(),
  code: z.string(),
  referrer_id: z.string(),
  referrer_name: z.string().nullable(),
  referee_id: z.string(),
  referee_name: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  rewarded_at: z.string().nullable(),
  ride_id: z.string().nullable(),
  referrer_reward_cents: z.number().int().nullable(),
  referee_reward_cents: z.number().int().nullable(),
  currency: z.string().nullable(),
  /** The referee's city whose settings paid it. */
  city_id: z.string().nullable(),
  /** An admin's decision on a flagged referral (decision 0069). */
  review: z.enum(REFERRAL_REVIEWS).nullable(),
  review_note: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  reviewed_by_name: z.string().nullable(),
});
export type AdminReferral = z.infer<typeof adminReferralSchema>;
export const adminReferralsPageSchema = listPageSchema(adminReferralSchema);

export const referralProgramsResponseSchema = z.object({
  programs: z.array(referralProgramViewSchema),
  /** Counts by status, and what rewards cost per currency (the same entries the financial dashboard sums). */
  counts: z.record(z.string(), z.number().int()),
  cost: z.array(z.object({ currency: z.string(), cents: z.number().int() })),
  /** Every city, for the settings' city choice. */
  cities: z.array(z.object({ id: z.string(), name: z.string(), currency: z.string() })),
});
export type ReferralPrograms = z.infer<typeof referralProgramsResponseSchema>;
export const referralProgramResponseSchema = z.object({ program: referralProgramViewSchema });
export const adminReferralResponseSchema = z.object({ referral: adminReferralSchema });
