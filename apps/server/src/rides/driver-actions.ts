import { rideChannel, userChannel } from '@openride/shared/realtime';
import { PIN_MAX_FAILURES, PIN_WINDOW_S } from '@openride/shared/rides/dispatch';
import { type RideStatus, sourcesOf, STATUS_LABELS } from '@openride/shared/rides/ride-state';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Services } from '../http/context';
import { AppError, notFound } from '../lib/errors';
import { createNotification } from '../notifications/create-notification';
import { UnprocessableError } from '../pricing/pricing.repo';
import { type RideRow } from './rides.repo';

export const rideUnavailable = () => new AppError('CONFLICT', 'This ride is no longer available.');
export const wrongPin = () => new UnprocessableError('Incorrect PIN. Ask the rider for the 4-digit PIN shown in their app.');

type Deps = Pick<Services, 'db' | 'bus' | 'push' | 'dispatcher' | 'drivers' | 'locations'>;

/** The caller's newest driver record; only an approved driver acts on rides. */
async function driverOf(db: Kysely<DB>, userId: string) {
  const driver = await db
    .selectFrom('drivers')
    .select(['id', 'full_name', 'vehicle_make', 'vehicle_model', 'vehicle_color', 'license_plate', 'verification_status'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!driver || driver.verification_status !== 'approved') throw notFound('Ride not found');
  return driver;
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/** Everyone who follows a ride hears of its change: the rider's tabs, the driver's tabs, the ride's room. */
async function announce(services: Pick<Services, 'bus'>, ride: RideRow, driverUserId: string | null) {
  const event = { id: ride.id, status: ride.status };
  await services.bus.publish({ channel: userChannel(ride.rider_id), event: 'ride.changed', data: event });
  if (driverUserId) await services.bus.publish({ channel: userChannel(driverUserId), event: 'ride.changed', data: event });
  await services.bus.publish({ channel: rideChannel(ride.id), event: 'ride.changed', data: event });
}

/**
 * The driver holding the open offer takes the ride. Two conditional updates in one transaction: the offer
 * (still open, not expired, this driver's) and the ride (still `requested`); the database's unique index
 * keeps a driver to one active ride. Whoever loses any of these gets 409 and nothing changes.
 * Idempotent: accepting a ride one already has returns it.
 */
export async function acceptRide(services: Deps, userId: string, rideId: string) {
  const { db } = services;
  const driver = await driverOf(db, userId);
  let outcome;
  try {
    outcome = await db.transaction().execute(async (trx) => {
      const now = new Date();
      const offer = await trx
        .updateTable('ride_offers')
        .set({ status: 'accepted', closed_at: now })
        .where('ride_id', '=', rideId)
        .where('driver_id', '=', driver.id)
        .where('status', '=', 'offered')
        .where('expires_at', '>', now)
        .returning('id')
        .executeTakeFirst();
      if (!offer) {
        const mine = await trx.selectFrom('rides').selectAll().where('id', '=', rideId).where('driver_id', '=', driver.id).executeTakeFirst();
        if (mine && mine.status !== 'cancelled') return { ride: mine, changed: false as const };
        throw rideUnavailable();
      }
      const ride = await trx
        .updateTable('rides')
        .set({ status: 'accepted', driver_id: driver.id, accepted_at: now, updated_at: now })
        .where('id', '=', rideId)
        .where('status', 'in', sourcesOf('accepted', 'driver'))
        .returningAll()
        .executeTakeFirst();
      if (!ride) throw rideUnavailable();
      const notification = await createNotification(trx, services, {
        user_id: ride.rider_id,
        type: 'success',
        title: STATUS_LABELS.accepted,
        message: `${firstName(driver.full_name)} is on the way in a ${driver.vehicle_color} ${driver.vehicle_make} ${driver.vehicle_model} (${driver.license_plate}).`,
        booking_id: ride.id,
      });
      return { ride, changed: true as const, notification };
    });
  } catch (err) {
    const e = err as { code?: string; message?: string };
    if (e?.code === '23505' && (e.message ?? '').includes('rides_one_active_per_driver_idx')) throw new AppError('CONFLICT', 'Finish your current ride first.');
    throw err;
  }
  services.drivers.invalidate(userId);
  if (outcome.changed) {
    await outcome.notification.publish();
    await announce(services, outcome.ride, userId);
  }
  return outcome.ride;
}

/** Decline the open offer: it passes to the next driver at once. Idempotent; nothing to decline is fine. */
export async function declineRide(services: Deps, userId: string, rideId: string) {
  const driver = await driverOf(services.db, userId);
  const closed = await services.db
    .updateTable('ride_offers')
    .set({ status: 'declined', closed_at: new Date() })
    .where('ride_id', '=', rideId)
    .where('driver_id', '=', driver.id)
    .where('status', '=', 'offered')
    .returning('id')
    .executeTakeFirst();
  if (closed) {
    await services.bus.publish({ channel: userChannel(userId), event: 'ride.offer_closed', data: { offer_id: closed.id, ride_id: rideId, reason: 'declined' } });
    services.dispatcher.kick(rideId);
  }
}

type DriverStep = 'arrived' | 'in_progress' | 'completed' | 'cancelled';

const STEP_COLUMNS = { arrived: 'arrived_at', in_progress: 'started_at', completed: 'completed_at', cancelled: 'cancelled_at' } as const;

function riderNotice(step: DriverStep, ride: RideRow, driverName: string) {
  const fare = new Intl.NumberFormat('en-US', { style: 'currency', currency: ride.currency }).format(ride.fare_cents / 100);
  switch (step) {
    case 'arrived':
      return { type: 'success' as const, title: STATUS_LABELS.arrived, message: `${driverName} is waiting at the pickup. Tell them your ride PIN to start.` };
    case 'in_progress':
      return { type: 'other' as const, title: STATUS_LABELS.in_progress, message: 'Your trip has started. Enjoy the ride!' };
    case 'completed':
      return { type: 'success' as const, title: STATUS_LABELS.completed, message: `You've arrived. Fare ${fare}, paid in cash. Rate your driver.` };
    case 'cancelled':
      return { type: 'warning' as const, title: STATUS_LABELS.cancelled, message: `${driverName} cancelled your ride. Please book again.` };
  }
}

/**
 * Arrived, Start Ride (with the PIN), Complete Ride, or the driver's cancel: one conditional update from the
 * states the machine allows the driver, on the driver's own ride, with the rider's notification in the
 * same transaction. Repeating a step already done returns the ride unchanged.
 */
export async function driverStep(services: Deps, userId: string, rideId: string, step: DriverStep, input: { pin?: string; reason?: string } = {}) {
  const { db } = services;
  const driver = await driverOf(db, userId);
  const current = await db.selectFrom('rides').selectAll().where('id', '=', rideId).where('driver_id', '=', driver.id).executeTakeFirst();
  if (!current) throw notFound('Ride not found');
  if (current.status === step) return current;
  if (step === 'in_progress' && current.status === 'arrived') await checkPin(db, current, input.pin ?? '');

  const outcome = await db.transaction().execute(async (trx) => {
    const now = new Date();
    const ride = await trx
      .updateTable('rides')
      .set({
        status: step,
        [STEP_COLUMNS[step]]: now,
        updated_at: now,
        ...(step === 'cancelled' ? { cancelled_by: 'driver' as const, cancel_reason: input.reason || null } : {}),
      })
      .where('id', '=', rideId)
      .where('driver_id', '=', driver.id)
      .where('status', 'in', sourcesOf(step, 'driver'))
      .returningAll()
      .executeTakeFirst();
    if (!ride) return null;
    const notification = await createNotification(trx, services, { user_id: ride.rider_id, booking_id: ride.id, ...riderNotice(step, ride, firstName(driver.full_name)) });
    return { ride, notification };
  });
  if (!outcome) {
    const now = await db.selectFrom('rides').selectAll().where('id', '=', rideId).executeTakeFirstOrThrow();
    if (now.status === step) return now;
    throw new AppError('CONFLICT', `This ride is ${STATUS_LABELS[now.status as RideStatus].toLowerCase()}.`);
  }
  services.drivers.invalidate(userId);
  if (step === 'completed' || step === 'cancelled') services.locations.forgetRide(rideId);
  await outcome.notification.publish();
  await announce(services, outcome.ride, userId);
  return outcome.ride;
}

/**
 * The PIN the rider reads out. Wrong guesses are counted per ride in a 10-minute window; after 5 the start is
 * refused for the rest of the window (10,000 PINs cannot be tried one by one). Counted in its own statement:
 * the refusal must not roll the count back.
 */
async function checkPin(db: Kysely<DB>, ride: RideRow, pin: string) {
  const now = Date.now();
  const windowStart = ride.pin_window_started_at ? new Date(ride.pin_window_started_at).getTime() : null;
  const inWindow = windowStart !== null && now - windowStart < PIN_WINDOW_S * 1000;
  if (inWindow && ride.pin_failures >= PIN_MAX_FAILURES) {
    throw new AppError('RATE_LIMITED', 'Too many wrong PINs. Please wait a few minutes before trying again.');
  }
  if (/^\d{4}$/.test(pin) && pin === ride.pin) return;
  await db
    .updateTable('rides')
    .set(inWindow ? (eb) => ({ pin_failures: eb('pin_failures', '+', 1) }) : { pin_failures: 1, pin_window_started_at: new Date(now) })
    .where('id', '=', ride.id)
    .execute();
  throw wrongPin();
}
