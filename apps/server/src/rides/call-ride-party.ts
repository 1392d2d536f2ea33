import { ASSIGNED_STATUSES, type RideStatus } from '@openride/shared/rides/ride-state';
import { callGreeting } from '@openride/shared/rides/notification-text';
import { domainError, notFound } from '../lib/errors';
import { takeAll } from '../lib/rate-limit';
import { findRideFor, firstNameOf } from './rides.repo';
import type { Ports } from '../ports';
import type { Telephony } from '../telephony/telephony';
import { toE164 } from '@openride/shared/phone';

const CALLS_OPEN = new Set<RideStatus>(ASSIGNED_STATUSES);

/**
 * The rider or the driver of a live ride (accepted, arrived, in progress) calls the other through the
 * platform's number (decision 0034): the provider rings the caller, then connects them. Anyone else gets
 * 404, as for the ride; without a telephony provider the route says so and the app shows no Call button.
 */
export async function callRideParty(
  services: Pick<Ports, 'db' | 'env' | 'usage' | 'logger'> & { telephony: Telephony | null },
  userId: string,
  rideId: string,
) {
  if (!services.telephony) throw domainError('CALLS_UNAVAILABLE');
  const { callPerUserRide } = services.usage;
  const found = await findRideFor(services.db, userId, rideId);
  if (!found) throw notFound('Ride not found');
  const { row: ride, viewer } = found;
  if (!CALLS_OPEN.has(ride.status) || !ride.driver_id) throw domainError('CALL_CLOSED');
  if (!(await takeAll([[callPerUserRide, `${userId}:${rideId}`]]))) throw domainError('TOO_MANY_CALLS');

  const [driver, rider] = await Promise.all([
    services.db.selectFrom('drivers').select(['full_name', 'phone']).where('id', '=', ride.driver_id).executeTakeFirstOrThrow(),
    services.db.selectFrom('profiles').select(['full_name', 'phone']).where('id', '=', ride.rider_id).executeTakeFirst(),
  ]);
  const me = viewer === 'rider' ? rider : driver;
  const other = viewer === 'rider' ? driver : rider;
  // Stored in E.164 (decision 0094); a value from before that is read as the deployment's number.
  const caller = toE164(me?.phone, services.env.DEFAULT_COUNTRY);
  const callee = toE164(other?.phone, services.env.DEFAULT_COUNTRY);
  if (!caller || !callee) throw domainError('CALL_NO_PHONE');
  try {
    await services.telephony.connect({ caller, callee, greeting: callGreeting(firstNameOf(other?.full_name)) });
  } catch (err) {
    services.logger.error({ err, rideId }, 'the telephony provider refused a masked call');
    throw domainError('CALL_FAILED');
  }
  return { status: 'calling' as const };
}
