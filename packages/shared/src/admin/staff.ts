import { z } from 'zod';
import { timestampSchema } from '../contract';
import { defineMachine } from '../machine';
import { text } from '../text';
import { STAFF_ROLES } from './permissions';

/** How long an invitation's link works. */
export const STAFF_INVITATION_TTL_DAYS = 7;
export const STAFF_INVITATION_STATUSES = ['pending', 'accepted', 'revoked'] as const;

/**
 * An invitation to the staff (decision 0089): pending until the invitee accepts it (`invitee`), or an owner
 * revokes it — by hand, or by inviting the same address again (`owner`). Accepted and revoked are final.
 */
export const STAFF_INVITATION_MACHINE = defineMachine({
  statuses: STAFF_INVITATION_STATUSES,
  actors: ['invitee', 'owner'],
  transitions: [
    { from: 'pending', to: 'accepted', actor: 'invitee' },
    { from: 'pending', to: 'revoked', actor: 'owner' },
  ],
});

const email = text().trim().toLowerCase().max(254).pipe(z.email('Enter a valid email address'));
/** The cities a staff member works on: a list of city ids, or null for every city (and every city added later). */
export const cityScopeSchema = z.array(text().trim().min(1).max(40)).min(1, 'Choose at least one city, or every city').max(200).nullable();

export const staffRoleSchema = z.enum(STAFF_ROLES);
export const inviteStaffSchema = z.strictObject({ email, role: staffRoleSchema, city_ids: cityScopeSchema });
export type InviteStaffInput = z.input<typeof inviteStaffSchema>;
export const updateStaffSchema = z.strictObject({ role: staffRoleSchema, city_ids: cityScopeSchema });
export type UpdateStaffInput = z.input<typeof updateStaffSchema>;
export const acceptStaffInvitationSchema = z.strictObject({ token: z.string().min(10).max(200) });

export const staffMemberSchema = z.strictObject({
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  role: staffRoleSchema,
  city_ids: z.array(z.string()).nullable(),
  since: timestampSchema,
  /** Whether they have set up two-factor sign-in (decision 0090): an owner can reset it. */
  two_factor: z.boolean(),
});
export type StaffMemberView = z.infer<typeof staffMemberSchema>;
export const staffInvitationSchema = z.strictObject({
  id: z.string(),
  email: z.string(),
  role: staffRoleSchema,
  city_ids: z.array(z.string()).nullable(),
  status: z.enum(STAFF_INVITATION_STATUSES),
  expired: z.boolean(),
  expires_at: timestampSchema,
  created_at: timestampSchema,
});
export type StaffInvitationView = z.infer<typeof staffInvitationSchema>;
/** The staff page: every member, and the invitations still pending. */
export const staffListSchema = z.strictObject({ members: z.array(staffMemberSchema), invitations: z.array(staffInvitationSchema) });
export type StaffList = z.infer<typeof staffListSchema>;
export const staffInvitationResponseSchema = z.strictObject({ invitation: staffInvitationSchema });
export const staffMemberResponseSchema = z.strictObject({ member: staffMemberSchema });

const scopeFields = {
  role: staffRoleSchema,
  /** `all`: every city (and every one added later); `cities`: only those checked. */
  scope: z.enum(['all', 'cities']),
  city_ids: z.array(z.string()),
};
const chooseCities = <T extends { scope: 'all' | 'cities'; city_ids: string[] }>(v: T) => v.scope === 'all' || v.city_ids.length > 0;
const chooseCitiesIssue = { path: ['city_ids'], message: 'Choose at least one city, or every city' };
/** The console's forms: a role, and every city or a list (sent as `city_ids: null` or the list). */
export const staffRoleFormSchema = z.object(scopeFields).refine(chooseCities, chooseCitiesIssue);
export type StaffRoleFormInput = z.input<typeof staffRoleFormSchema>;
export const inviteStaffFormSchema = z.object({ email, ...scopeFields }).refine(chooseCities, chooseCitiesIssue);
export type InviteStaffFormInput = z.input<typeof inviteStaffFormSchema>;
/** The API's `city_ids` from a form's scope. */
export const cityIdsOf = (v: { scope: 'all' | 'cities'; city_ids: string[] }) => (v.scope === 'all' ? null : v.city_ids);

/**
 * Separation of duties (issue 29 §5, decisions 0092–0093): an owner can require that a payout run is approved
 * by someone other than who prepared it, and that a refund above an amount (per currency, in minor units) is
 * proposed by one person and approved by another. Off by default: no switch on, no currency listed.
 */
export const separationOfDutiesSchema = z.strictObject({
  payout_runs: z.boolean(),
  refunds_above: z
    .record(z.string().regex(/^[A-Z]{3}$/, 'A currency code such as EUR'), z.number().int('Whole minor units only').min(0).max(10_000_000))
    .default({}),
});
export type SeparationOfDuties = z.infer<typeof separationOfDutiesSchema>;
export const separationOfDutiesResponseSchema = z.strictObject({ duties: separationOfDutiesSchema });
