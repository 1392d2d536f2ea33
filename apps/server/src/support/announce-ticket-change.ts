import { userChannel } from '@openride/shared/realtime';
import type { TicketRow } from './support.repo';
import type { Ports } from '../ports';

type Notice = { publish(): Promise<void> };

/**
 * After commit, the one place a ticket's change is told (decision 0055): the notifications written in the
 * verb's transaction are published, and `support.ticket_changed` goes to the rooms of the users on the
 * ticket (the requester and a lost-item ticket's other party), so an open conversation refetches at once.
 */
export async function announceTicketChange(
  services: Pick<Ports, 'bus'>,
  ticket: Pick<TicketRow, 'id' | 'requester_id' | 'participant_id'>,
  notices: Notice[] = [],
) {
  for (const n of notices) await n.publish();
  for (const userId of new Set([ticket.requester_id, ticket.participant_id])) {
    if (userId) await services.bus.publish({ channel: userChannel(userId), event: 'support.ticket_changed', data: { id: ticket.id } });
  }
}
