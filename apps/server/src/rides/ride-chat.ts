import { rideChannel } from '@openride/shared/realtime';
import { chatNotice } from '@openride/shared/rides/notification-text';
import { ASSIGNED_STATUSES, type RideStatus } from '@openride/shared/rides/ride-state';
import type { ChatMessageInput } from '@openride/shared/rides/schemas';
import { DRIVER_MESSAGE } from '@openride/shared/push/schemas';
import { sql } from 'kysely';
import { badRequest, domainError, notFound } from '../lib/errors';
import { takeAll } from '../lib/rate-limit';
import { createNotification } from '../notifications/create-notification';
import { findRideFor, firstNameOf } from './rides.repo';
import type { Ports } from '../ports';

const CHAT_OPEN = new Set<RideStatus>(ASSIGNED_STATUSES);
const MESSAGE_COLUMNS = ['id', 'ride_id', 'sender_role', 'body', 'created_at'] as const;

/**
 * A page of the ride's chat, its rider and driver only (anyone else: 404, as for the ride): the newest
 * `limit` messages, or the `limit` just older than the message `before` names, read newest first and
 * handed back oldest first (the order a chat shows). `has_older`: one more row was there.
 */
export async function listMessages(services: Pick<Ports, 'db'>, userId: string, rideId: string, page: { before?: string; limit: number }) {
  if (!(await findRideFor(services.db, userId, rideId))) throw notFound('Ride not found');
  let query = services.db.selectFrom('ride_messages').select(MESSAGE_COLUMNS).where('ride_id', '=', rideId);
  if (page.before) {
    const anchor = await services.db
      .selectFrom('ride_messages')
      .select(['created_at', 'id'])
      .where('ride_id', '=', rideId)
      .where('id', '=', page.before)
      .executeTakeFirst();
    if (!anchor) throw badRequest('No such message in this chat');
    // Compared in SQL, to the stored microseconds: two messages in one millisecond keep their order.
    query = query.where(sql<boolean>`(created_at, id) < (select created_at, id from ride_messages where id = ${page.before})`);
  }
  const rows = await query
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit + 1)
    .execute();
  return { messages: rows.slice(0, page.limit).reverse(), has_older: rows.length > page.limit };
}

/**
 * A chat message, while the ride is live (from accept to the end of the trip). The other party gets a
 * notification (bell and push; a driver's push is a driver_message, which opens their ride view), and
 * both see the message in the ride's room.
 */
export async function sendMessage(services: Pick<Ports, 'db' | 'bus' | 'push' | 'usage'>, userId: string, rideId: string, input: ChatMessageInput) {
  const { chatPerUserRide, chatPerUser } = services.usage;
  // Every attempt counts, refused ones too: each costs a lookup, and a script's are mostly refused.
  if (
    !(await takeAll([
      [chatPerUserRide, `${userId}:${rideId}`],
      [chatPerUser, userId],
    ]))
  )
    throw domainError('TOO_MANY_MESSAGES');
  return postMessage(services, userId, rideId, input);
}

async function postMessage(services: Pick<Ports, 'db' | 'bus' | 'push'>, userId: string, rideId: string, input: ChatMessageInput) {
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
