import { defineRoutes } from '../contract';
import { adminReferralsQuerySchema, claimReferralSchema, referralProgramParamsSchema, referralProgramSchema } from './schemas';
import { adminReferralsPageSchema, claimReferralResponseSchema, myReferralsResponseSchema, referralProgramResponseSchema, referralProgramsResponseSchema } from './views';

const adminRefusals = { 401: { description: 'Not signed in' }, 403: { description: 'Not an administrator' } } as const;

/** /referrals (issue 16, decision 0064): codes and share links, the claim at sign-up, and the admins' programs. */
export const referralRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/api/referrals/me',
    tag: 'referrals',
    summary: "The caller's codes and share links, the people they referred with their progress, and the rewards earned",
    description: 'A code is made on first read: the rider program for everyone, the driver program for approved drivers. Sends `x-device-id` to record the device (fraud rule).',
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
      409: { description: 'The caller’s own code (REFERRAL_SELF), a second claim (REFERRAL_ALREADY_CLAIMED), too late or the program off (REFERRAL_CLAIM_CLOSED)' },
    },
  },
  {
    method: 'GET',
    path: '/api/admin/referrals/programs',
    tag: 'referrals',
    summary: 'Both programs’ settings, counts by status and what rewards cost',
    auth: 'admin',
    responses: { 200: { description: 'The programs', schema: referralProgramsResponseSchema }, ...adminRefusals },
  },
  {
    method: 'PUT',
    path: '/api/admin/referrals/programs/:program',
    tag: 'referrals',
    summary: 'Change a program’s rewards, N rides within D days and expiry (audited)',
    description: 'Names the version edited: a newer one answers 409. Applies to referrals that qualify from now on.',
    auth: 'admin',
    request: { params: referralProgramParamsSchema, body: referralProgramSchema },
    responses: { 200: { description: 'The program', schema: referralProgramResponseSchema }, 400: { description: 'Bad settings (nothing changes)' }, 409: { description: 'Edited by someone else meanwhile' }, ...adminRefusals },
  },
  {
    method: 'GET',
    path: '/api/admin/referrals',
    tag: 'referrals',
    summary: 'Every referral, newest first, filtered by status, program or flagged',
    auth: 'admin',
    request: { query: adminReferralsQuerySchema },
    responses: { 200: { description: 'A page', schema: adminReferralsPageSchema, csv: true }, 400: { description: 'Bad filter or cursor' }, ...adminRefusals },
  },
]);
