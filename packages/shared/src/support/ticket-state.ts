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
export type TicketActor = 'user' | 'admin' | 'system';

/** to → actor → the statuses it may come from. */
const TRANSITIONS: Record<TicketStatus, Partial<Record<TicketActor, readonly TicketStatus[]>>> = {
  // A user's reply on a pending or resolved ticket puts it back in the queue; an admin reopens.
  open: { user: ['pending', 'resolved'], admin: ['resolved', 'closed'] },
  // An admin's reply (not an internal note) on an open ticket: the user's turn.
  pending: { admin: ['open'] },
  resolved: { admin: ['open', 'pending'] },
  closed: { system: ['resolved'] },
};

export function sourcesOf(to: TicketStatus, actor: TicketActor): readonly TicketStatus[] {
  return TRANSITIONS[to][actor] ?? [];
}

export function canMove(from: TicketStatus, to: TicketStatus, actor: TicketActor): boolean {
  return sourcesOf(to, actor).includes(from);
}

/** Whether a user may still write on the ticket (a closed one is over: they open a new ticket). */
export const userMayReply = (status: TicketStatus) => status !== 'closed';

/** Whether the requester may rate the help: after resolution (resolved or closed), once. */
export const mayRate = (status: TicketStatus) => status === 'resolved' || status === 'closed';
