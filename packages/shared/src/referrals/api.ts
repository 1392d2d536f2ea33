import { defineRoutes } from '../contract';
import { z } from 'zod';
import {
  adminReferralsQuerySchema,
  claimReferralSchema,
  referralProgramParamsSchema,
  referralProgramSchema,
  referralProgramScopeSchema,
  reviewReferralSchema,
} from './schemas';
import {
  adminReferralResponseSchema,
  adminReferralsPageSchema,
  claimReferralResponseSchema,
  myReferralsResponseSchema,
  referralProgramResponseSchema,
  referralProgramsResponseSchema,
} from './views';

const referralIdParams = z.object({ id: z.string() });
const reviewRefusals = {
  400: { description: 'No note, or a note over 500 characters (nothing changes)' },
  404: { description: 'No such referral' },
  409: { description: 'Not flagged (REFERRAL_NOT_FLAGGED), or already approved or rejected (REFERRAL_ALREADY_REVIEWED)' },
} as const;

const adminRefusals = { 401: { description: 'Not signed in' }, 403: { description: 'Not an administrator' } } as const;

/** /referrals (issue 16, decision 0064): codes and share links, the claim at sign-up, and the admins' programs. */
export const referralRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/api/referrals/me',
    tag: 'referrals',
    summary: "The caller's codes and share links, the people they referred with their progress, and the rewards earned",
    description:
      'A code is made on first read: the rider program for everyone, the driver program for approved drivers. Sends `x-device-id` to record the device (fraud rule).',
    auth: 'user',
    responses: { 200: { description: 'Codes, referrals, rewards', schema: myReferralsResponseSchema }, 401: { description: 'Not signed in' } },
  },
  {
    method: 'POST',
    path: '/api/referrals/claim',
    tag: 'referrals',
    summary: 'Attach a referral code to the caller’s new account (once, within 24 hours of sign-up)',
    description:
      'The code decides the program. Refused: the caller’s own code (self-referral), a second claim, an account older than 24 hours or with a completed ride, an unknown code or a program switched off. A shared phone or device with the referrer is accepted but flagged (no reward).',
    auth: 'user',
    request: { body: claimReferralSchema },
    responses: {
      201: { description: 'The referral', schema: claimReferralResponseSchema },
      400: { description: 'Not a code' },
      401: { description: 'Not signed in' },
      404: { description: 'No such code' },
      409: {
        description: 'The caller’s own code (REFERRAL_SELF), a second claim (REFERRAL_ALREADY_CLAIMED), too late or the program off (REFERRAL_CLAIM_CLOSED)',
      },
    },
  },
  {
    method: 'GET',
    path: '/api/admin/referral-programs',
    tag: 'referrals',
    summary: 'Both programs’ settings for a city (its own or the default) or the default, counts by status, what rewards cost, and the cities',
    auth: 'admin',
    permission: 'referral.read',
    request: { query: referralProgramScopeSchema },
    responses: { 200: { description: 'The programs', schema: referralProgramsResponseSchema }, 404: { description: 'No such city' }, ...adminRefusals },
  },
  {
    method: 'PUT',
    path: '/api/admin/referral-programs/:program',
    tag: 'referrals',
    summary: 'Change a program’s rewards, N rides within D days and expiry, for a city or the default (audited)',
    description:
      'Names the version edited: a newer one answers 409; a city’s first settings of its own name version 0. The expiry is the default’s only. Applies to referrals that qualify from now on, in the referee’s city (where they first rode).',
    auth: 'admin',
    permission: 'referral.manage',
    request: { params: referralProgramParamsSchema, query: referralProgramScopeSchema, body: referralProgramSchema },
    responses: {
      200: { description: 'The program', schema: referralProgramResponseSchema },
      400: { description: 'Bad settings (nothing changes)' },
      404: { description: 'No such city' },
      409: { description: 'Edited by someone else meanwhile' },
      ...adminRefusals,
    },
  },
  {
    method: 'POST',
    path: '/api/admin/referrals/:id/approve',
    tag: 'referrals',
    summary: 'Approve a flagged referral (audited): paid now if it qualified, else when it does',
    description: 'Pays under the same ledger key as the automatic payment, so never twice; of two admins at once, one decides.',
    auth: 'admin',
    permission: 'referral.manage',
    cityOf: { record: 'referral' },
    request: { params: referralIdParams, body: reviewReferralSchema },
    responses: { 200: { description: 'The referral', schema: adminReferralResponseSchema }, ...reviewRefusals, ...adminRefusals },
  },
  {
    method: 'POST',
    path: '/api/admin/referrals/:id/reject',
    tag: 'referrals',
    summary: 'Reject a flagged referral (audited): never paid',
    auth: 'admin',
    permission: 'referral.manage',
    cityOf: { record: 'referral' },
    request: { params: referralIdParams, body: reviewReferralSchema },
    responses: { 200: { description: 'The referral', schema: adminReferralResponseSchema }, ...reviewRefusals, ...adminRefusals },
  },
  {
    method: 'GET',
    path: '/api/admin/referrals',
    tag: 'referrals',
    summary: 'Every referral, newest first, filtered by status, program or flagged',
    auth: 'admin',
    permission: 'referral.read',
    request: { query: adminReferralsQuerySchema },
    responses: { 200: { description: 'A page', schema: adminReferralsPageSchema, csv: true }, 400: { description: 'Bad filter or cursor' }, ...adminRefusals },
  },
]);
