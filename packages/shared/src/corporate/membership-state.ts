import { defineMachine } from '../machine';
import { INVITATION_STATUSES } from './schemas';

/**
 * An invitation to a company (decision 0067): pending until the invitee accepts it (`invitee`), or a company
 * admin revokes it — by hand, or by inviting the same address again (`company_admin`). Accepted and revoked
 * are final.
 */
export const INVITATION_MACHINE = defineMachine({
  statuses: INVITATION_STATUSES,
  actors: ['invitee', 'company_admin'],
  transitions: [
    { from: 'pending', to: 'accepted', actor: 'invitee' },
    { from: 'pending', to: 'revoked', actor: 'company_admin' },
  ],
});

export const MEMBER_STATUSES = ['active', 'removed'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/**
 * A company membership (decision 0066): a company admin removes a member (the row stays), as does deleting
 * the member's account (`system`); a removed member who accepts a new invitation is active again (`invitee`).
 */
export const MEMBER_MACHINE = defineMachine({
  statuses: MEMBER_STATUSES,
  actors: ['invitee', 'company_admin', 'system'],
  transitions: [
    { from: 'active', to: 'removed', actor: 'company_admin' },
    { from: 'active', to: 'removed', actor: 'system' },
    { from: 'removed', to: 'active', actor: 'invitee' },
  ],
});
