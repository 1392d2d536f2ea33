import { z } from 'zod';
import { defineListQuery, optionalFilter } from '../admin/list-query';
import { placeSchema, rideTypeSchema } from '../rides/schemas';
import { moneyField } from '../money-schema';
import { text } from '../text';
import { corporateText } from './corporate-text';

/**
 * Corporate accounts (issue 16, decisions 0066 and 0067): companies, their people, invitations and the
 * policy a business ride must meet. Money in minor units of the company's currency (its city's).
 */
export const COMPANY_STATUSES = ['active', 'suspended'] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];
export const COMPANY_ROLES = ['admin', 'member'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];
export const INVITATION_STATUSES = ['pending', 'accepted', 'revoked'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];
/** An invitation's link works this long (decision 0067). */
export const INVITATION_TTL_DAYS = 14;

const email = text().trim().toLowerCase().max(254).pipe(z.email('Enter a valid email address'));
const cents = (max = 1_000_000_000) => z.number().int('Whole cents only').min(0, 'Cannot be negative').max(max);

export const adminCompaniesQuerySchema = defineListQuery({
  sorts: ['created_at', 'name'],
  filters: { status: optionalFilter(z.enum(COMPANY_STATUSES)), city_id: optionalFilter(z.string().max(64)) },
});

export const createCompanySchema = z
  .object({
    city_id: z.string().min(1, 'Choose a city').max(64),
    name: text().trim().min(2, 'A name is 2 to 120 characters').max(120, 'A name is 2 to 120 characters'),
    billing_email: email,
    billing_cycle: z.literal('monthly').default('monthly'),
    credit_limit_cents: cents(),
    /** The first company admin: an existing user becomes admin at once, anyone else is invited. */
    admin_email: email,
  })
  .strict();
export type CreateCompanyInput = z.input<typeof createCompanySchema>;

export const updateCompanySchema = z
  .object({
    version: z.number().int().min(1),
    name: text().trim().min(2, 'A name is 2 to 120 characters').max(120, 'A name is 2 to 120 characters').optional(),
    billing_email: email.optional(),
    credit_limit_cents: cents().optional(),
    status: z.enum(COMPANY_STATUSES).optional(),
  })
  .strict();
export type UpdateCompanyInput = z.infer<typeof updateCompanySchema>;

export const inviteMemberSchema = z.object({ email, role: z.enum(COMPANY_ROLES).default('member') }).strict();
export type InviteMemberInput = z.input<typeof inviteMemberSchema>;

export const acceptInvitationSchema = z.object({ token: z.string().min(10).max(200) }).strict();

export const memberBudgetSchema = z.object({ monthly_budget_cents: cents().nullable() }).strict();

/** The member budget dialog: an amount as typed in the company's `currency` ('150', '150.00' USD; '15000' JPY) → the API's integer minor units. */
export const memberBudgetFormSchema = (currency: string) =>
  z.object({ budget: moneyField(currency, corporateText.budget.invalid(currency), { max: 1_000_000_000 }) });
export type MemberBudgetFormInput = z.input<ReturnType<typeof memberBudgetFormSchema>>;

/**
 * Days are ISO weekdays: 1 = Monday … 7 = Sunday. Times are "HH:MM" on the city's clock, [from, to). A window
 * whose end is earlier than its start runs overnight (22:00–06:00): its hours after midnight belong to the day
 * it starts (decision 0072). A window that starts and ends at the same time means nothing and is refused.
 */
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A time is HH:MM');
export const allowedHoursSchema = z
  .object({ days: z.array(z.number().int().min(1).max(7)).min(1, 'Choose at least one day').max(7), from: hhmm, to: hhmm })
  .strict()
  .refine((h) => h.from !== h.to, { message: 'The window cannot start and end at the same time', path: ['to'] });
export type AllowedHours = z.infer<typeof allowedHoursSchema>;

export const approvedAddressSchema = placeSchema.extend({ label: text().trim().min(1, 'Name the address').max(200) });
export type ApprovedAddress = z.infer<typeof approvedAddressSchema>;

export const companyPolicySchema = z
  .object({
    ride_types: z.array(rideTypeSchema).min(1, 'Allow at least one ride type'),
    per_ride_limit_cents: cents().min(1, 'A limit is above zero').nullable(),
    /** Each member's monthly budget (a member's own overrides it); null = no budget. */
    monthly_budget_cents: cents().nullable(),
    /** null = any time. */
    allowed_hours: allowedHoursSchema.nullable(),
    /** Empty = anywhere; otherwise the pickup is within radius_m of one of them. */
    approved_addresses: z.array(approvedAddressSchema).max(20),
    radius_m: z.number().int().min(50).max(50_000),
    expense_code_required: z.boolean(),
  })
  .strict();
export type CompanyPolicy = z.infer<typeof companyPolicySchema>;
export const savePolicySchema = companyPolicySchema.extend({ version: z.number().int().min(0) }).strict();
export type SavePolicyInput = z.infer<typeof savePolicySchema>;

export const DEFAULT_POLICY: CompanyPolicy = {
  ride_types: ['economy', 'comfort', 'xl'],
  per_ride_limit_cents: null,
  monthly_budget_cents: null,
  allowed_hours: null,
  approved_addresses: [],
  radius_m: 500,
  expense_code_required: false,
};

/** The rider asks before requesting: which ride types this trip may take on account, and why not. */
export const businessCheckSchema = z
  .object({
    pickup: placeSchema,
    fares: z
      .array(z.object({ ride_type: rideTypeSchema, fare_cents: z.number().int().min(0) }).strict())
      .min(1)
      .max(3),
  })
  .strict();
export type BusinessCheckInput = z.infer<typeof businessCheckSchema>;

export const expenseCodeSchema = text().trim().min(1, 'Enter the expense code').max(64, 'An expense code is at most 64 characters');
