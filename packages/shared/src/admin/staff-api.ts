import { defineRoutes, idParamsSchema } from '../contract';
import { z } from 'zod';
import {
  acceptStaffInvitationSchema,
  inviteStaffSchema,
  STAFF_INVITATION_TTL_DAYS,
  staffInvitationResponseSchema,
  staffListSchema,
  staffMemberResponseSchema,
  updateStaffSchema,
} from './staff';

const ownerRefusals = { 401: { description: 'Not signed in' }, 403: { description: 'Not an owner' } } as const;
const userParams = z.object({ userId: z.string().max(100) });

/** Staff, their roles and city scopes (issue 29 §2, decision 0089): owners only, every change audited. */
export const staffRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/api/admin/staff',
    tag: 'staff',
    summary: 'Every staff member with their role and cities, and the invitations still pending',
    auth: 'admin',
    permission: 'staff.manage',
    responses: { 200: { description: 'The staff', schema: staffListSchema }, ...ownerRefusals },
  },
  {
    method: 'POST',
    path: '/api/admin/staff/invitations',
    tag: 'staff',
    summary: 'Invite a person by email with a role and cities (audited staff.invite); the email carries /staff-invitation?token=TOKEN',
    description: `A pending invitation to the same address is replaced (its link stops working). The link works ${STAFF_INVITATION_TTL_DAYS} days.`,
    auth: 'admin',
    permission: 'staff.manage',
    request: { body: inviteStaffSchema },
    responses: {
      201: { description: 'The invitation', schema: staffInvitationResponseSchema },
      400: { description: 'Bad input' },
      409: { description: 'ALREADY_STAFF: that person is on the staff already' },
      422: { description: 'A city that does not exist' },
      ...ownerRefusals,
    },
  },
  {
    method: 'DELETE',
    path: '/api/admin/staff/invitations/:id',
    tag: 'staff',
    summary: 'Revoke a pending invitation (audited staff.invite_revoke): its link then answers INVITATION_INVALID',
    auth: 'admin',
    permission: 'staff.manage',
    request: { params: idParamsSchema },
    responses: {
      204: { description: 'Revoked' },
      404: { description: 'No such pending invitation' },
      409: { description: 'INVITATION_USED: it was accepted already' },
      ...ownerRefusals,
    },
  },
  {
    method: 'PATCH',
    path: '/api/admin/staff/:userId',
    tag: 'staff',
    summary: "Change a staff member's role and cities (audited staff.update); it applies to their next request",
    auth: 'admin',
    permission: 'staff.manage',
    request: { params: userParams, body: updateStaffSchema },
    responses: {
      200: { description: 'The member', schema: staffMemberResponseSchema },
      400: { description: 'Bad input' },
      404: { description: 'No such staff member' },
      409: { description: 'LAST_OWNER: the marketplace would have no owner' },
      422: { description: 'A city that does not exist' },
      ...ownerRefusals,
    },
  },
  {
    method: 'DELETE',
    path: '/api/admin/staff/:userId',
    tag: 'staff',
    summary: 'Take a person off the staff (audited staff.remove): the console refuses them from their next request',
    auth: 'admin',
    permission: 'staff.manage',
    request: { params: userParams },
    responses: {
      204: { description: 'Removed' },
      404: { description: 'No such staff member' },
      409: { description: 'LAST_OWNER: the marketplace would have no owner' },
      ...ownerRefusals,
    },
  },
  {
    method: 'POST',
    path: '/api/staff-invitations/accept',
    tag: 'staff',
    summary: 'Accept a staff invitation: the signed-in account must have the invited email address (audited staff.join)',
    auth: 'user',
    request: { body: acceptStaffInvitationSchema },
    responses: {
      200: { description: 'The new staff member', schema: staffMemberResponseSchema },
      400: { description: 'Bad input' },
      401: { description: 'Not signed in' },
      403: { description: 'INVITATION_WRONG_ACCOUNT' },
      404: { description: 'INVITATION_INVALID' },
      409: { description: 'INVITATION_USED' },
      410: { description: 'INVITATION_EXPIRED' },
    },
  },
]);
