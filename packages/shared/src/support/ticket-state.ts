import { defineMachine } from '../machine';

/**
 * A support ticket's states (issue 15, decision 0055): open (waiting on an admin) → pending (an admin
 * answered; waiting on the user) → resolved → closed (7 days after resolution without a user reply, by the
 * `support-auto-close` job). Reopen takes a resolved or closed ticket back to open.
 *
 * Actors: `user` (the requester, or the other party of a lost-item ticket), `admin`, `system` (the job).
 * Verbs check the move here and again in a conditional update (`status in sourcesOf(to, actor)`), so a
 * racing change loses cleanly (409 INVALID_TRANSITION) and a repeated one changes nothing.
 */
export const TICKET_STATUSES = ['open', 'pending', 'resolved', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const TICKET_ACTORS = ['user', 'admin', 'system'] as const;
export type TicketActor = (typeof TICKET_ACTORS)[number];

export const TICKET_MACHINE = defineMachine({
  statuses: TICKET_STATUSES,
  actors: TICKET_ACTORS,
  transitions: [
    // A user's reply on a pending or resolved ticket puts it back in the queue; an admin reopens.
    { from: 'pending', to: 'open', actor: 'user' },
    { from: 'resolved', to: 'open', actor: 'user' },
    { from: 'resolved', to: 'open', actor: 'admin' },
    { from: 'closed', to: 'open', actor: 'admin' },
    // An admin's reply (not an internal note) on an open ticket: the user's turn.
    { from: 'open', to: 'pending', actor: 'admin' },
    { from: 'open', to: 'resolved', actor: 'admin' },
    { from: 'pending', to: 'resolved', actor: 'admin' },
    { from: 'resolved', to: 'closed', actor: 'system' },
  ],
});

export function sourcesOf(to: TicketStatus, actor: TicketActor): readonly TicketStatus[] {
  return TICKET_MACHINE.sourcesOf(to, actor);
}

export function canMove(from: TicketStatus, to: TicketStatus, actor: TicketActor): boolean {
  return TICKET_MACHINE.canMove(from, to, actor);
}

/** Whether a user may still write on the ticket (a closed one is over: they open a new ticket). */
export const userMayReply = (status: TicketStatus) => status !== 'closed';

/** Whether the requester may rate the help: after resolution (resolved or closed), once. */
export const mayRate = (status: TicketStatus) => status === 'resolved' || status === 'closed';
