import { z } from 'zod';
import { defineListQuery, optionalFilter } from '../admin/list-query';
import { moneyInputValue } from '../money';
import { moneyField } from '../money-schema';
import { text } from '../text';

/**
 * Referrals (issue 16, decision 0064). Two programs: a rider's code brings riders (credit to both after the new
 * rider's first completed ride); a driver's code brings drivers (a bonus to the referrer after the new driver
 * completes N rides within D days of approval). The code, not the person, says which program a referral is in.
 */
export const REFERRAL_PROGRAMS = ['rider', 'driver'] as const;
export type ReferralProgram = (typeof REFERRAL_PROGRAMS)[number];

/** `rejected`: a flagged referral an admin decided never to pay (decision 0069). */
export const REFERRAL_STATUSES = ['pending', 'qualified', 'rewarded', 'expired', 'flagged', 'rejected'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

/** Why a referral was flagged instead of paid (self-referral is refused outright, never stored). */
export const REFERRAL_FLAGS = ['shared_phone', 'shared_card', 'shared_device'] as const;
export type ReferralFlag = (typeof REFERRAL_FLAGS)[number];

/** Codes are 8 characters of an alphabet without look-alikes (no 0/O, 1/I/L): read aloud or typed, never mistaken. */
export const REFERRAL_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const REFERRAL_CODE_LENGTH = 8;
export const REFERRAL_CODE_PATTERN = /^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/;

/** A code as a person types it: spaces and dashes dropped, case ignored. */
export const normalizeReferralCode = (value: string) => value.replace(/[\s-]/g, '').toUpperCase();

/** A claim is taken only this soon after the account was made (the sign-up form sends it at once). */
export const REFERRAL_CLAIM_WINDOW_HOURS = 24;
/** The default days a referral has to qualify before it expires (an admin may change it per program). */
export const REFERRAL_DEFAULT_EXPIRY_DAYS = 90;

/** The device id the web keeps in localStorage and sends as `x-device-id` (decision 0064). */
export const DEVICE_ID_HEADER = 'x-device-id';
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** POST /api/referrals/claim: the code typed (or pre-filled from `/auth?ref=CODE`) at sign-up. */
export const claimReferralSchema = z.strictObject({
  code: text().transform(normalizeReferralCode).pipe(z.string().regex(REFERRAL_CODE_PATTERN, 'Enter the 8-character referral code')),
});
export type ClaimReferralInput = z.input<typeof claimReferralSchema>;

const cents = (max: number) => z.number().int('Whole cents only').min(0, 'Cannot be negative').max(max, `At most ${max} in the currency's minor units`);

/** PUT /api/admin/referral-programs/:program: the program's settings, naming the version edited (a stale one is 409). */
export const referralProgramSchema = z.strictObject({
  enabled: z.boolean(),
  referrer_reward_cents: cents(100_000),
  /** The new rider's credit (rider program); the driver program pays the referrer only, so 0 there. */
  referee_reward_cents: cents(100_000),
  /** N: completed rides the new person needs (the rider program: 1, the first ride). */
  rides_required: z.number().int().min(1, 'At least 1 ride').max(500, 'At most 500 rides'),
  /** D: days from the new driver's approval in which the N rides count. */
  within_days: z.number().int().min(1, 'At least 1 day').max(365, 'At most 365 days'),
  /** The default settings' only (decision 0069): the expiry is set at the claim, before the new person's city is known. */
  expiry_days: z.number().int().min(1, 'At least 1 day').max(730, 'At most 730 days').optional(),
  /** The version edited; 0 for a city's first settings of its own (it used the default until now). */
  version: z.number().int().min(0),
});
export type ReferralProgramInput = z.infer<typeof referralProgramSchema>;
export const referralProgramParamsSchema = z.object({ program: z.enum(REFERRAL_PROGRAMS) });
/** `?city=ID`: a city's settings (its own, or the default it uses); none: the default (decision 0069). */
export const referralProgramScopeSchema = z.object({ city: text().trim().min(1).max(64).optional() });

/** POST /api/admin/referrals/:id/approve and /reject: an admin's decision on a flagged referral, with a note (decision 0069). */
export const reviewReferralSchema = z.strictObject({
  note: text().trim().min(1, 'Please write a note.').max(500, 'At most 500 characters'),
});
export type ReviewReferralInput = z.infer<typeof reviewReferralSchema>;
export const REFERRAL_REVIEWS = ['approved', 'rejected'] as const;
export type ReferralReview = (typeof REFERRAL_REVIEWS)[number];

/** GET /api/admin/referrals: every referral, newest first; `flagged=yes` for the ones held for fraud. */
export const adminReferralsQuerySchema = defineListQuery({
  sorts: ['created_at'],
  filters: {
    status: optionalFilter(z.enum(REFERRAL_STATUSES)),
    program: optionalFilter(z.enum(REFERRAL_PROGRAMS)),
    flagged: optionalFilter(z.enum(['yes'])),
  },
});
export type AdminReferralsQuery = z.input<typeof adminReferralsQuerySchema>;

const wholeNumber = (min: number, max: number, message: string) =>
  text()
    .trim()
    .regex(/^\d{1,4}$/, message)
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, message));
/** A reward as typed in `currency` ('5', '5.50' USD; '500' JPY) → minor units, at most 100,000 of them (as the API). */
const reward = (currency: string) =>
  moneyField(currency, `Enter an amount in ${currency} like ${moneyInputValue(500, currency)} (at most ${moneyInputValue(REWARD_MAX, currency)})`, {
    max: REWARD_MAX,
  });
const REWARD_MAX = 100_000;

/**
 * The admins' form on /referrals: amounts in the program's `currency` (its city's; the default's, each city's own,
 * typed as the caller's form says) and counts as typed, turned into the API's body on submit.
 */
export const referralProgramFormSchema = (currency: string) =>
  z.object({
    enabled: z.boolean(),
    referrer_reward: reward(currency),
    referee_reward: reward(currency),
    rides_required: wholeNumber(1, 500, 'Between 1 and 500 rides'),
    within_days: wholeNumber(1, 365, 'Between 1 and 365 days'),
    expiry_days: wholeNumber(1, 730, 'Between 1 and 730 days'),
  });
export type ReferralProgramFormInput = z.input<ReturnType<typeof referralProgramFormSchema>>;
