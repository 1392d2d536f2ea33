import { type OpenTicketInput, ticketNumber } from '@openride/shared/support/schemas';
import { supportText } from '@openride/shared/support/support-text';
import { notFound } from '../lib/errors';
import { inTransaction } from '../lib/transaction';
import { createNotification } from '../notifications/create-notification';
import { isRideId } from '../rides/rides.repo';
import { announceTicketChange } from './announce-ticket-change';
import { checkPhotos, insertTicket, userTicketView } from './support.repo';
import { supportLink } from '@openride/shared/support/schemas';
import type { Ports } from '../ports';

/**
 * A rider or driver opens a ticket (decision 0055): a category, a message, photos they uploaded
 * (`ticket_photo`), and one of their rides (as its rider or its driver; anyone else's: 404, as if there were
 * none). Safety is urgent, the rest normal; the SLA clock starts now. A lost-item ticket about a ride names
 * the ride's other party as participant, who is told and may read and answer it.
 */
export async function openTicket(services: Pick<Ports, 'db' | 'bus' | 'push'>, userId: string, input: OpenTicketInput, now = new Date()) {
  const { db } = services;
  const result = await inTransaction(db, async (trx) => {
    let participant: string | null = null;
    if (input.ride_id !== undefined) {
      if (!isRideId(input.ride_id)) throw notFound(supportText.errors.rideNotYours);
      const ride = await trx
        .selectFrom('rides')
        .leftJoin('drivers', 'drivers.id', 'rides.driver_id')
        .select(['rides.id', 'rides.rider_id', 'drivers.user_id as driver_user_id'])
        .where('rides.id', '=', input.ride_id)
        .executeTakeFirst();
      if (!ride || (ride.rider_id !== userId && ride.driver_user_id !== userId)) throw notFound(supportText.errors.rideNotYours);
      if (input.category === 'lost_item') participant = ride.rider_id === userId ? (ride.driver_user_id ?? null) : ride.rider_id;
    }
    const fileIds = await checkPhotos(trx, userId, input.file_ids);
    const ticket = await insertTicket(
      trx,
      {
        requester_id: userId,
        participant_id: participant,
        ride_id: input.ride_id ?? null,
        category: input.category,
        message: input.message,
        file_ids: fileIds,
      },
      now,
    );
    const notices = participant
      ? [
          await createNotification(trx, services, {
            user_id: participant,
            booking_id: null,
            kind: 'support',
            link: supportLink(ticket.id),
            ...supportText.notice.participant(ticketNumber(ticket.number)),
          }),
        ]
      : [];
    return { ticket, notices };
  });
  await announceTicketChange(services, result.ticket, result.notices);
  return userTicketView(result.ticket, 'requester');
}
