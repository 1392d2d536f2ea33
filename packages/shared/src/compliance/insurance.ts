import { z } from 'zod';
import { defineRoutes, idParamsSchema } from '../contract';
import { multilineText, text } from '../text';
import { isoDateSchema, POLICY_STATUSES } from './schemas';

/**
 * Insurance policies per vehicle (issue 14, decisions 0049 and 0052): a driver adds one to their own vehicle,
 * an admin verifies it on /insurance-verification with the checks shown beside the policy document.
 */

const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Choose the policy document');

/** POST /api/vehicles/:id/insurance. "Not ended yet" is checked by the server against the city's calendar. */
export const policyInputSchema = z
  .strictObject({
    insurer: text('Give the insurer').trim().min(1, 'Give the insurer').max(100, 'At most 100 characters'),
    policy_number: text('Give the policy number').trim().min(1, 'Give the policy number').max(60, 'At most 60 characters'),
    insured_name: text('Give the insured name').trim().min(1, 'Give the insured name').max(120, 'At most 120 characters'),
    coverage_start: isoDateSchema,
    coverage_end: isoDateSchema,
    file_id: uuid,
  })
  .refine((p) => p.coverage_end >= p.coverage_start, { path: ['coverage_end'], message: 'The cover ends before it starts' });
export type PolicyInput = z.infer<typeof policyInputSchema>;

const reason = multilineText('Please give a reason.').trim().min(3, 'Give a reason (at least 3 characters)').max(500, 'At most 500 characters');

/** POST /api/admin/insurance-policies/:id/review */
export const policyReviewSchema = z.discriminatedUnion('status', [
  z.strictObject({ status: z.literal('verified') }),
  z.strictObject({ status: z.literal('rejected'), reason }),
]);
export type PolicyReviewInput = z.infer<typeof policyReviewSchema>;

/** POST /api/admin/insurance-policies/:id/revoke: a verified policy withdrawn (cancelled by the insurer, say). */
export const policyRevokeSchema = z.strictObject({ reason });
export type PolicyRevokeInput = z.infer<typeof policyRevokeSchema>;

/** The admin's three lists. */
export const POLICY_LISTS = ['review', 'expiring', 'expired', 'verified'] as const;
export type PolicyList = (typeof POLICY_LISTS)[number];
export const adminPoliciesQuerySchema = z.object({
  list: z.enum(POLICY_LISTS).default('review'),
  city: z
    .string()
    .max(64)
    .optional()
    .transform((v) => v || undefined),
});
export type AdminPoliciesQuery = z.input<typeof adminPoliciesQuerySchema>;

export const policyViewSchema = z.object({
  id: z.string(),
  vehicle_id: z.string(),
  insurer: z.string(),
  policy_number: z.string(),
  insured_name: z.string(),
  coverage_start: z.string(),
  coverage_end: z.string(),
  file_id: z.string(),
  status: z.enum(POLICY_STATUSES),
  rejection_reason: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  created_at: z.string(),
});
export type PolicyView = z.infer<typeof policyViewSchema>;

export const policyResponseSchema = z.object({ policy: policyViewSchema });
/** GET /api/vehicles/:id/insurance: newest first, superseded ones left out. */
export const vehiclePoliciesSchema = z.object({ policies: z.array(policyViewSchema) });

export const POLICY_CHECKS = ['insured_name', 'coverage_dates', 'vehicle'] as const;
export const policyCheckSchema = z.object({
  key: z.enum(POLICY_CHECKS),
  label: z.string(),
  /** null: the admin compares by eye (the vehicle against the registration). */
  pass: z.boolean().nullable(),
  detail: z.string(),
});
export type PolicyCheck = z.infer<typeof policyCheckSchema>;

export const adminPolicySchema = policyViewSchema.extend({
  driver: z.object({ id: z.string(), full_name: z.string(), phone: z.string() }),
  vehicle: z.object({ make: z.string(), model: z.string(), year: z.number(), color: z.string(), license_plate: z.string(), active: z.boolean() }),
  /** The driver's city; `id` null when unknown (decision 0074), `name` then says so. */
  city: z.object({ id: z.string().nullable(), name: z.string() }),
  /** The driver's approved vehicle registration, when there is one, for the admin to compare. */
  registration: z.object({ file_ids: z.array(z.string()), expires_on: z.string().nullable() }).nullable(),
  checks: z.array(policyCheckSchema),
  /** Days from today (the city's calendar) to coverage_end. */
  days_left: z.number().int(),
});
export type AdminPolicy = z.infer<typeof adminPolicySchema>;
export const adminPoliciesSchema = z.object({ items: z.array(adminPolicySchema) });

/** The words of insurance (driver and admin pages, notices). */
export const insuranceText = {
  title: 'Insurance',
  driver: {
    none: 'No policy yet. Add the policy that covers this vehicle.',
    loadFailed: 'Could not load the insurance.',
    add: 'Add policy',
    renew: 'Renew policy',
    formTitle: 'Insurance policy',
    insurer: 'Insurer',
    policyNumber: 'Policy number',
    insuredName: 'Insured name',
    insuredNameHint: 'As on your driver’s licence',
    start: 'Cover starts',
    end: 'Cover ends',
    document: (name: string) => `Policy document for ${name}`,
    documentAlt: (name: string) => `Insurance policy of ${name}`,
    documentRequired: 'Upload the policy document.',
    documentLabel: 'Policy document',
    submit: 'Send for verification',
    cancel: 'Cancel',
    sent: 'Policy sent for verification',
    saveFailed: 'Could not save the policy. Try again.',
    cover: (start: string, end: string) => `Cover ${start} to ${end}`,
    rejectedBecause: (reason: string) => `Not verified: ${reason}`,
  },
  admin: {
    intro: 'Check each policy against the driver and the vehicle, then verify or reject it. Revoke a verified policy the insurer cancelled.',
    city: 'City',
    allCities: 'All cities',
    empty: 'Nothing here.',
    loadFailed: "We couldn't load the policies. Check your connection and try again.",
    select: 'Choose a policy to see its document and checks.',
    document: 'Policy document',
    openDocument: 'Open the document',
    registration: 'Vehicle registration on file',
    noRegistration: 'No approved vehicle registration on file.',
    vehicleRecord: 'Vehicle record',
    cover: 'Cover',
    checksTitle: 'Checks',
    pass: 'Pass',
    fail: 'Fail',
    verify: 'Verify',
    reject: 'Reject',
    revoke: 'Revoke',
    reason: 'Reason',
    template: 'Reason template',
    chooseTemplate: 'Choose a template…',
    reasonRequired: 'Give a reason (at least 3 characters).',
    verified: 'Policy verified',
    rejected: 'Policy rejected',
    revoked: 'Policy revoked',
    failed: 'Could not save the decision.',
    submitted: (at: string) => `Submitted ${at}`,
    endsIn: (days: number) =>
      days < 0 ? `Ended ${-days} day${days === -1 ? '' : 's'} ago` : days === 0 ? 'Ends today' : `Ends in ${days} day${days === 1 ? '' : 's'}`,
  },
  statuses: { in_review: 'In review', verified: 'Verified', rejected: 'Rejected', superseded: 'Replaced' } satisfies Record<
    (typeof POLICY_STATUSES)[number],
    string
  >,
  lists: { review: 'In review', expiring: 'Expiring soon', expired: 'Expired', verified: 'Verified' } satisfies Record<PolicyList, string>,
  checks: {
    insured_name: 'Insured name matches the licence name',
    coverage_dates: 'Cover has started and ends in the future',
    vehicle: 'Vehicle matches the registration',
  } satisfies Record<(typeof POLICY_CHECKS)[number], string>,
  rejectTemplates: [
    'The document is unreadable.',
    'The insured name does not match your licence.',
    'The policy does not cover this vehicle.',
    'The cover dates do not match the document.',
  ],
  revokeTemplates: ['Cancelled by the insurer.', 'The policy was found to be invalid.'],
  errors: {
    notFound: 'No such policy.',
    vehicleNotFound: 'No such vehicle.',
    fileNotFound: 'No such file.',
    notAnInsuranceFile: 'This file was not uploaded as an insurance document.',
    ended: 'The cover has ended already: add the current policy.',
    decided: 'This policy was decided already.',
    notVerified: 'Only a verified policy can be revoked.',
    own: 'You cannot review your own policy.',
  },
  notices: {
    verified: (plate: string, end: string) => ({
      type: 'success' as const,
      title: 'Insurance verified',
      message: `The insurance of ${plate} is verified, cover until ${end}.`,
    }),
    rejected: (plate: string, why: string) => ({
      type: 'warning' as const,
      title: 'Insurance not verified',
      message: `The insurance of ${plate} was not verified: ${why}`,
    }),
    revoked: (plate: string, why: string) => ({
      type: 'warning' as const,
      title: 'Insurance revoked',
      message: `The insurance of ${plate} is no longer valid: ${why} Add a valid policy to drive again.`,
    }),
  },
};

const adminRefusals = { 401: { description: 'Not signed in' }, 403: { description: 'Not an admin' } } as const;
const driverRefusals = {
  401: { description: 'Not signed in' },
  403: { description: 'Not an approved driver (DRIVER_NOT_APPROVED, or FORBIDDEN without a driver record)' },
} as const;

export const insuranceRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/api/vehicles/:id/insurance',
    tag: 'compliance',
    summary: "The policies of one of the driver's own vehicles, newest first",
    auth: 'driver',
    request: { params: idParamsSchema },
    responses: {
      200: { description: 'The policies', schema: vehiclePoliciesSchema },
      404: { description: 'No such vehicle of this driver' },
      ...driverRefusals,
    },
  },
  {
    method: 'POST',
    path: '/api/vehicles/:id/insurance',
    tag: 'compliance',
    summary: "Add an insurance policy to one of the driver's own vehicles (in review)",
    description:
      "The file is the caller's own upload of purpose `insurance`. A new policy supersedes an older one of the vehicle still in review; a verified one stays valid until the new one is verified. The cover must not have ended (the city's calendar).",
    auth: 'driver',
    request: { params: idParamsSchema, body: policyInputSchema },
    responses: {
      201: { description: 'The policy, in review', schema: policyResponseSchema },
      400: { description: 'Invalid policy, ended cover, or a file of another purpose' },
      404: { description: 'No such vehicle or file of this driver' },
      ...driverRefusals,
    },
  },
  {
    method: 'GET',
    path: '/api/admin/insurance-policies',
    tag: 'compliance',
    summary: 'Policies in review (oldest first), expiring within 30 days, expired, or every verified one, with the checks',
    auth: 'admin',
    permission: 'document.read',
    request: { query: adminPoliciesQuerySchema },
    responses: { 200: { description: 'The policies', schema: adminPoliciesSchema }, 400: { description: 'Bad list' }, ...adminRefusals },
  },
  {
    method: 'POST',
    path: '/api/admin/insurance-policies/:id/review',
    tag: 'compliance',
    summary: 'Verify a policy in review, or reject it with a reason',
    description:
      "In one transaction: the decision (only if still in review), the driver's notification and the audit record (`insurance.verify`, `insurance.reject`). Verifying supersedes the vehicle's older verified policy.",
    auth: 'admin',
    permission: 'insurance.review',
    cityOf: { record: 'insurance_policy' },
    request: { params: idParamsSchema, body: policyReviewSchema },
    responses: {
      200: { description: 'The policy as decided', schema: policyResponseSchema },
      400: { description: 'Bad status or reason' },
      404: { description: 'No such policy' },
      409: { description: 'Decided already' },
      ...adminRefusals,
    },
  },
  {
    method: 'POST',
    path: '/api/admin/insurance-policies/:id/revoke',
    tag: 'compliance',
    summary: 'Revoke a verified policy with a reason: the driver is held at once and taken offline',
    auth: 'admin',
    permission: 'insurance.review',
    cityOf: { record: 'insurance_policy' },
    request: { params: idParamsSchema, body: policyRevokeSchema },
    responses: {
      200: { description: 'The policy, rejected with the reason', schema: policyResponseSchema },
      400: { description: 'No reason' },
      404: { description: 'No such policy' },
      409: { description: 'Not verified' },
      ...adminRefusals,
    },
  },
]);
