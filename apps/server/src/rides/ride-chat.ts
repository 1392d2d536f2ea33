import { rideChannel } from '@openride/shared/realtime';
import { chatNotice } from '@openride/shared/rides/notification-text';
import { ASSIGNED_STATUSES, type RideStatus } from '@openride/shared/rides/ride-state';
import type { ChatMessageInput } from '@openride/shared/rides/schemas';
import { DRIVER_MESSAGE } from '@openride/shared/push/schemas';
import type { Services } from '../http/context';
import { domainError, notFound } from '../lib/errors';
import { createNotification } from '../notifications/create-notification';
import { findRideFor, firstNameOf } from './rides.repo';

const CHAT_OPEN = new Set<RideStatus>(ASSIGNED_STATUSES);
const MESSAGE_COLUMNS = ['id', 'ride_id', 'sender_role', 'body', 'created_at'] as const;

/** The ride's chat, oldest first; its rider and driver only (anyone else: 404, as for the ride). */
export async function listMessages(services: Pick<Services, 'db'>, userId: string, rideId: string) {
  if (!(await findRideFor(services.db, userId, rideId))) throw notFound('Ride not found');
  return services.db.selectFrom('ride_messages').select(MESSAGE_COLUMNS).where('ride_id', '=', rideId).orderBy('created_at').orderBy('id').limit(500).execute();
}

/**
 * A chat message, while the ride is live (from accept to the end of the trip). The other party gets a
 * notification (bell and push; a driver's push is a driver_message, which opens their ride view), and
 * both see the message in the ride's room.
 */
export async function sendMessage(services: Pick<Services, 'db' | 'bus' | 'push'>, userId: string, rideId: string, input: ChatMessageInput) {
  const found = await findRideFor(services.db, userId, rideId);
  if (!found) throw notFound('Ride not found');
  const { row: ride, viewer } = found;
  if (!CHAT_OPEN.has(ride.status) || !ride.driver_id) throw domainError('CHAT_CLOSED');
  const { message, notification } = await services.db.transaction().execute(async (trx) => {
    const message = await trx
      .insertInto('ride_messages')
      .values({ ride_id: ride.id, sender_id: userId, sender_role: viewer, body: input.body })
      .returning(MESSAGE_COLUMNS)
      .executeTakeFirstOrThrow();
    let recipientId: string;
    let senderName: string;
    if (viewer === 'rider') {
      const driver = await trx.selectFrom('drivers').select(['user_id']).where('id', '=', ride.driver_id!).executeTakeFirstOrThrow();
      const rider = await trx.selectFrom('profiles').select('full_name').where('id', '=', userId).executeTakeFirst();
      recipientId = driver.user_id;
      senderName = firstNameOf(rider?.full_name);
    } else {
      const driver = await trx.selectFrom('drivers').select('full_name').where('id', '=', ride.driver_id!).executeTakeFirstOrThrow();
      recipientId = ride.rider_id;
      senderName = firstNameOf(driver.full_name);
    }
    const notification = await createNotification(
      trx,
      services,
      { user_id: recipientId, booking_id: ride.id, ...chatNotice(senderName, input.body) },
      viewer === 'rider' ? { pushType: DRIVER_MESSAGE } : {},
    );
    return { message, notification };
  });
  await notification.publish();
  await services.bus.publish({ channel: rideChannel(ride.id), event: 'chat.message', data: { message } });
  return message;
}
