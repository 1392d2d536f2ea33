import { z } from 'zod';
import { defineRoutes, emptyBodySchema } from '../contract';
import {
  RECOVERY_CODE_COUNT,
  twoFactorCodeSchema,
  twoFactorEnrolmentSchema,
  twoFactorRecoveryCodesSchema,
  twoFactorStatusSchema,
  twoFactorVerifiedSchema,
} from './two-factor';

const signedIn = { 401: { description: 'Not signed in' } } as const;
const codeRefusals = {
  400: { description: 'TWO_FACTOR_CODE_INVALID: a wrong, used or stale code (or a malformed body)' },
  429: { description: 'Too many wrong codes or passwords: the sign-in limits (5 per account and address in 15 minutes, 20 per account an hour)' },
} as const;

/**
 * Staff two-factor sign-in (issue 29 §4, decision 0090). The enrolment and the second factor are the signed-in
 * person's own (`auth: 'user'`: they cannot be admin routes, which refuse whoever has not given it yet); an
 * owner resets another staff member's.
 */
export const twoFactorRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/api/staff-two-factor',
    tag: 'staff',
    summary: "The caller's two-factor state: must they enrol, have they, has this session given the second factor",
    auth: 'user',
    responses: { 200: { description: 'The state', schema: twoFactorStatusSchema }, ...signedIn },
  },
  {
    method: 'POST',
    path: '/api/staff-two-factor/enrolment',
    tag: 'staff',
    summary: 'Begin setting up an authenticator app: a new secret, as a QR code and as text',
    description: 'A setup begun and not confirmed is replaced. Staff only; refused once two-factor sign-in is on (an owner resets it first).',
    auth: 'user',
    // No fields: anything sent is refused (400), as on every verb without a body.
    request: { body: emptyBodySchema },
    responses: {
      400: { description: 'A body with fields' },
      201: { description: 'The secret to add to the app', schema: twoFactorEnrolmentSchema },
      403: { description: 'Not a staff member' },
      409: { description: 'TWO_FACTOR_ALREADY_ENROLLED' },
      ...signedIn,
    },
  },
  {
    method: 'POST',
    path: '/api/staff-two-factor/enrolment/confirm',
    tag: 'staff',
    summary: `Turn two-factor sign-in on with a code from the app: answers the ${RECOVERY_CODE_COUNT} recovery codes, once (audited staff.two_factor_enrol)`,
    description: 'The session that confirms has given the second factor. Wrong codes count against the sign-in limits, as wrong passwords do.',
    auth: 'user',
    request: { body: twoFactorCodeSchema },
    responses: {
      200: { description: 'On: the recovery codes (only their hashes are kept)', schema: twoFactorRecoveryCodesSchema },
      ...codeRefusals,
      403: { description: 'Not a staff member' },
      409: { description: 'TWO_FACTOR_NOT_ENROLLED (no setup begun) or TWO_FACTOR_ALREADY_ENROLLED' },
      ...signedIn,
    },
  },
  {
    method: 'POST',
    path: '/api/staff-two-factor/verify',
    tag: 'staff',
    summary: 'Give the second factor for this session: a code from the app, or a recovery code (used up)',
    description: 'A code from the app is accepted once (a replayed one is refused). Wrong codes count against the sign-in limits, as wrong passwords do.',
    auth: 'user',
    request: { body: twoFactorCodeSchema },
    responses: {
      200: { description: 'This session may use the console', schema: twoFactorVerifiedSchema },
      ...codeRefusals,
      409: { description: 'TWO_FACTOR_NOT_ENROLLED' },
      ...signedIn,
    },
  },
  {
    method: 'DELETE',
    path: '/api/admin/staff-two-factor/:userId',
    tag: 'staff',
    summary: "Reset a staff member's two-factor sign-in (lost device): their app and recovery codes stop working (audited staff.two_factor_reset)",
    description: "Not one's own (another owner, or `npm run admin -- reset-2fa` on the server). A role that requires it is sent to set it up again.",
    auth: 'admin',
    permission: 'staff.manage',
    request: { params: z.object({ userId: z.string().max(100) }) },
    responses: {
      204: { description: 'Reset' },
      403: { description: "Not an owner, or one's own" },
      404: { description: 'No such staff member, or none set up' },
      ...signedIn,
    },
  },
]);
