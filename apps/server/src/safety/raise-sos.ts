import { messages } from '@openride/shared/messages';
import { toE164 } from '@openride/shared/phone';
import { ASSIGNED_STATUSES } from '@openride/shared/rides/ride-state';
import type { RaiseSosResponse } from '@openride/shared/safety/sos-schemas';
import { sosText } from '@openride/shared/safety/sos-text';
import { ticketNumber } from '@openride/shared/support/schemas';
import { lockRideForTransition } from '../db/ride-locks';
import { domainError, notFound } from '../lib/errors';
import { inTransaction } from '../lib/transaction';
import { createNotification } from '../notifications/create-notification';
import { recordRideEvent } from '../rides/record-ride-event';
import { announceTicketChange } from '../support/announce-ticket-change';
import { insertTicket } from '../support/support.repo';
import { announceSos } from './announce-sos';
import { emergencyContactsFor, mySosView, openAlertOf, positionNow, rideRoleOf } from './sos.repo';
import type { Ports } from '../ports';
import type { LocationService } from '../dispatch/location-service';

const RIDE_NOT_FOUND = 'Ride not found';

/** Who the operators read as the presser: the rider's profile name, the driver's record name. */
async function nameOf(services: Pick<Ports, 'db'>, rideId: string, userId: string, role: 'rider' | 'driver') {
  const { db } = services;
  if (role === 'driver') {
    const d = await db
      .selectFrom('rides')
      .innerJoin('drivers', 'drivers.id', 'rides.driver_id')
      .select('drivers.full_name')
      .where('rides.id', '=', rideId)
      .executeTakeFirst();
    if (d?.full_name) return d.full_name;
  }
  const p = await db
    .selectFrom('user')
    .leftJoin('profiles', 'profiles.id', 'user.id')
    .select(['user.name', 'profiles.full_name'])
    .where('user.id', '=', userId)
    .executeTakeFirst();
  return (p?.full_name ?? p?.name ?? '').trim() || sosText.eventDetail[role];
}

/**
 * SOS (issue 15, decision 0061): the ride's rider or its assigned driver, during the ride (accepted, arrived,
 * in progress). One transaction under the ride's lock: the alert (with the driver's last fix), the ride event
 * `sos`, an urgent Safety ticket about the ride with the presser as requester, a safety notification to every
 * admin, and a `message-send` job per emergency contact of the presser (the text names them and carries the
 * ride's live share link), so the texts go even if this process dies right after. A second press while the
 * presser's alert is open returns it and sends nothing (the ride lock serializes two presses; the partial
 * unique index is the database's word on it). After commit: the notifications, `safety.sos` on `admins`.
 */
export async function raiseSos(
  services: Pick<Ports, 'db' | 'bus' | 'push' | 'jobs' | 'publicUrl' | 'env'> & { locations: LocationService },
  userId: string,
  rideId: string,
  now = new Date(),
): Promise<RaiseSosResponse> {
  const { db } = services;
  const found = await rideRoleOf(db, rideId, userId);
  if (!found) throw notFound(RIDE_NOT_FOUND);
  const { role } = found;
  const name = await nameOf(services, rideId, userId, role);
  // The city's number (decision 0061 addendum), else the deployment's.
  const emergency_number = found.ride.emergency_number ?? services.env.EMERGENCY_NUMBER;

  const result = await inTransaction(db, async (trx) => {
    const locked = await lockRideForTransition(trx, rideId);
    if (!locked) throw notFound(RIDE_NOT_FOUND);
    // The driver may have changed while we were not holding the lock (a redispatch): ask again under it.
    const current = await rideRoleOf(trx, rideId, userId);
    if (!current || current.role !== role) throw notFound(RIDE_NOT_FOUND);
    if (!(ASSIGNED_STATUSES as readonly string[]).includes(locked.ride.status)) throw domainError('SOS_RIDE_NOT_ACTIVE');
    const existing = await openAlertOf(trx, rideId, userId);
    if (existing) return { repeated: true as const, alert: existing, contacts: 0 };

    const position = await positionNow(trx, rideId, services.locations.lastFixOf);
    const ticket = await insertTicket(
      trx,
      { requester_id: userId, ride_id: rideId, category: 'safety', message: sosText.ticket.message(sosText.eventDetail[role]) },
      now,
    );
    const alert = await trx
      .insertInto('sos_alerts')
      .values({
        ride_id: rideId,
        raised_by: userId,
        role,
        lat: position?.lat ?? null,
        lng: position?.lng ?? null,
        position_at: position ? new Date(position.at) : null,
        ticket_id: ticket.id,
        resolved_by: null,
        resolved_at: null,
        note: null,
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordRideEvent(trx, { rideId, kind: 'sos', actor: role, detail: `sos:${alert.id}`, at: now });

    const admins = await trx.selectFrom('user_roles').select('user_id').where('role', '=', 'admin').execute();
    const notices = [];
    for (const admin of admins) {
      if (admin.user_id === userId) continue;
      notices.push(
        await createNotification(trx, services, {
          user_id: admin.user_id,
          booking_id: null,
          kind: 'safety',
          type: 'error',
          link: `/booking-management/${rideId}`,
          title: sosText.notice.title(name),
          message: sosText.notice.message(sosText.eventDetail[role], ticketNumber(ticket.number)),
        }),
      );
    }

    const contacts = await emergencyContactsFor(trx, userId);
    const link = `${services.publicUrl}/share/${encodeURIComponent(found.ride.share_token)}`;
    for (const contact of contacts) {
      // Contacts are stored in E.164 (decision 0094); an older value is read as the deployment's number.
      const to = toE164(contact.phone, services.env.DEFAULT_COUNTRY);
      if (!to) continue;
      await services.jobs.sendIn(trx, 'message-send', {
        channel: 'sms',
        to,
        subject: sosText.sms.subject,
        body: sosText.sms.body(name, link, messages.app.name),
      });
    }
    return { repeated: false as const, alert, contacts: contacts.length, ticket, notices };
  });

  if (result.repeated) return { alert: mySosView(result.alert), repeated: true, contacts_texted: 0, emergency_number };
  if (result.contacts > 0) services.jobs.wake('message-send');
  for (const n of result.notices) await n.publish();
  await announceTicketChange(services, result.ticket);
  await announceSos(services, result.alert.id);
  return { alert: mySosView(result.alert), repeated: false, contacts_texted: result.contacts, emergency_number };
}
