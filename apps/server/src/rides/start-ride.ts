import { PIN_MAX_FAILURES, PIN_WINDOW_S } from '@openride/shared/rides/dispatch';
import { riderNotice } from '@openride/shared/rides/notification-text';
import { canTransition } from '@openride/shared/rides/ride-state';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { lockRideForTransition } from '../db/ride-locks';
import { domainError, notFound } from '../lib/errors';
import { inTransaction } from '../lib/transaction';
import { createNotification } from '../notifications/create-notification';
import type { DriverActor } from './actor';
import { announceRideChange } from './announce-ride-change';
import { moveRide, settledOrRefused } from './move-ride';
import { approvedRideDriverOf, type RideRow, rideInScope } from './rides.repo';
import type { Ports } from '../ports';
import type { DriverCache } from './dispatch-port';

/**
 * Start Ride (arrived → in_progress), with the PIN the rider reads out: the driver cannot start a trip
 * the rider is not in. Only on the driver's own ride; repeating it returns the ride unchanged.
 */
export async function startRide(
  services: Pick<Ports, 'db' | 'bus' | 'push'> & { drivers: DriverCache },
  actor: DriverActor,
  rideId: string,
  input: { pin: string },
) {
  const { db } = services;
  const driver = await approvedRideDriverOf(db, actor.userId);
  if (!driver) throw notFound('Ride not found');
  const scope = { driverId: driver.id };
  const current = await rideInScope(db, rideId, scope);
  if (!current) throw notFound('Ride not found');
  if (current.status === 'in_progress') return current;
  // The PIN is checked only where the table allows the start: any other status is refused below as such.
  if (canTransition(current.status, 'in_progress', actor.kind)) await checkPin(db, current, input.pin);

  const outcome = await inTransaction(db, async (trx) => {
    // The ride's lock first, as every verb takes it (decision 0021); the conditional update decides.
    const locked = await lockRideForTransition(trx, rideId);
    if (!locked) return null;
    const ride = await moveRide(trx, { rideId, to: 'in_progress', actor, at: locked.at, scope, set: { started_at: locked.at } });
    if (!ride) return null;
    const notification = await createNotification(trx, services, { user_id: ride.rider_id, booking_id: ride.id, ...riderNotice.started() });
    return { ride, notification };
  });
  if (!outcome) return settledOrRefused((await rideInScope(db, rideId, scope))!, 'in_progress');
  services.drivers.invalidate(actor.userId);
  await announceRideChange(services, { ride: outcome.ride, driverUserId: actor.userId, notifications: [outcome.notification] });
  return outcome.ride;
}

/**
 * Wrong guesses are counted per ride in a 10-minute window; after 5 the start is refused for the rest of
 * the window (10,000 PINs cannot be tried one by one). Counted in its own statement: the refusal must not
 * roll the count back.
 */
async function checkPin(db: Kysely<DB>, ride: RideRow, pin: string) {
  const now = Date.now();
  const windowStart = ride.pin_window_started_at ? new Date(ride.pin_window_started_at).getTime() : null;
  const inWindow = windowStart !== null && now - windowStart < PIN_WINDOW_S * 1000;
  if (inWindow && ride.pin_failures >= PIN_MAX_FAILURES) throw domainError('PIN_LOCKED');
  if (/^\d{4}$/.test(pin) && pin === ride.pin) return;
  await db
    .updateTable('rides')
    .set(inWindow ? (eb) => ({ pin_failures: eb('pin_failures', '+', 1) }) : { pin_failures: 1, pin_window_started_at: new Date(now) })
    .where('id', '=', ride.id)
    .execute();
  throw domainError('WRONG_PIN');
}
