import { z } from 'zod';
import { listPageSchema } from '../admin/list-query';
import { timestampSchema } from '../contract';
import { RIDE_TYPES } from '../rides/schemas';
import { allowedHoursSchema, approvedAddressSchema, COMPANY_ROLES, COMPANY_STATUSES, INVITATION_STATUSES } from './schemas';

/** A company as admins and its company admins read it; `owed_cents` is its `company` ledger account's balance. */
export const companySchema = z.strictObject({
  id: z.string(),
  city_id: z.string(),
  city_name: z.string(),
  time_zone: z.string(),
  name: z.string(),
  billing_email: z.string(),
  billing_cycle: z.literal('monthly'),
  credit_limit_cents: z.number().int(),
  currency: z.string(),
  status: z.enum(COMPANY_STATUSES),
  version: z.number().int(),
  members_count: z.number().int(),
  owed_cents: z.number().int(),
  created_at: timestampSchema,
});
export type CompanyView = z.infer<typeof companySchema>;
export const companiesPageSchema = listPageSchema(companySchema);
export const companyResponseSchema = z.strictObject({ company: companySchema });

export const companyPolicyViewSchema = z.strictObject({
  ride_types: z.array(z.enum(RIDE_TYPES)),
  per_ride_limit_cents: z.number().int().nullable(),
  monthly_budget_cents: z.number().int().nullable(),
  allowed_hours: allowedHoursSchema.nullable(),
  approved_addresses: z.array(approvedAddressSchema),
  radius_m: z.number().int(),
  expense_code_required: z.boolean(),
  /** 0 until the first save (the defaults). */
  version: z.number().int(),
  updated_at: timestampSchema.nullable(),
});
export type CompanyPolicyView = z.infer<typeof companyPolicyViewSchema>;

/** A person of the company with this month's spending (the ledger's fare_business of their rides) against their budget. */
export const companyMemberSchema = z.strictObject({
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(COMPANY_ROLES),
  status: z.enum(['active', 'removed']),
  /** The member's own budget, overriding the policy's (null = the policy's). */
  monthly_budget_cents: z.number().int().nullable(),
  /** The budget that applies (own, else the policy's; null = none). */
  budget_cents: z.number().int().nullable(),
  spent_cents: z.number().int(),
  joined_at: timestampSchema,
});
export type CompanyMember = z.infer<typeof companyMemberSchema>;

export const companyInvitationSchema = z.strictObject({
  id: z.string(),
  email: z.string(),
  role: z.enum(COMPANY_ROLES),
  status: z.enum(INVITATION_STATUSES),
  expired: z.boolean(),
  expires_at: timestampSchema,
  created_at: timestampSchema,
});
export type CompanyInvitation = z.infer<typeof companyInvitationSchema>;

export const companyDetailSchema = z.strictObject({
  company: companySchema,
  policy: companyPolicyViewSchema,
  members: z.array(companyMemberSchema),
  invitations: z.array(companyInvitationSchema),
  /** From when this month is counted (the city's calendar). */
  month_start: timestampSchema,
});
export type CompanyDetail = z.infer<typeof companyDetailSchema>;

/** The caller's own memberships: what /book-ride offers as Business, and the companies they manage. */
export const myCompanySchema = z.strictObject({
  company_id: z.string(),
  name: z.string(),
  city_id: z.string(),
  currency: z.string(),
  role: z.enum(COMPANY_ROLES),
  company_status: z.enum(COMPANY_STATUSES),
  expense_code_required: z.boolean(),
});
export type MyCompany = z.infer<typeof myCompanySchema>;
export const myCompaniesSchema = z.strictObject({ companies: z.array(myCompanySchema) });

export const invitationPreviewSchema = z.strictObject({
  company_name: z.string(),
  email: z.string(),
  role: z.enum(COMPANY_ROLES),
  status: z.enum(INVITATION_STATUSES),
  expired: z.boolean(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;
export const invitationPreviewResponseSchema = z.strictObject({ invitation: invitationPreviewSchema });
export const acceptedInvitationSchema = z.strictObject({ company: myCompanySchema });

export const inviteResponseSchema = z.strictObject({ invitation: companyInvitationSchema });
export const createCompanyResponseSchema = z.strictObject({
  company: companySchema,
  /** The first company admin: added at once (an existing user) or invited. */
  admin: z.strictObject({ email: z.string(), added: z.boolean() }),
});

export const businessCheckResponseSchema = z.strictObject({
  company_name: z.string(),
  expense_code_required: z.boolean(),
  options: z.array(z.strictObject({ ride_type: z.enum(RIDE_TYPES), allowed: z.boolean(), reason: z.string().nullable(), note: z.string().nullable() })),
});
export type BusinessCheck = z.infer<typeof businessCheckResponseSchema>;
