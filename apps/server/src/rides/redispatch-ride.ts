import { lockRideForTransition } from '../db/ride-locks';
import type { Services } from '../http/context';
import { domainError, notFound } from '../lib/errors';
import { inTransaction } from '../lib/transaction';
import { isRideId } from './rides.repo';

/**
 * An operator gives a ride that is still looking for a driver a fresh search: its deadline starts again
 * (the dispatcher's full search time from now) and dispatch looks at once, offering it to drivers who
 * have come online since. Only a `requested` ride: one conditional update, so a ride accepted in the
 * meantime is left alone (409).
 */
export async function redispatchRide(services: Pick<Services, 'db' | 'dispatcher'>, rideId: string) {
  if (!isRideId(rideId)) throw notFound('Ride not found');
  const now = Date.now();
  const updated = await inTransaction(services.db, async (trx) => {
    // The ride's lock first (decision 0021): dispatch working on this ride finishes its look before.
    const locked = await lockRideForTransition(trx, rideId);
    if (!locked) throw notFound('Ride not found');
    return trx
      .updateTable('rides')
      .set({ dispatch_deadline: new Date(now + services.dispatcher.options.searchTimeoutMs), dispatch_idle_since: null, updated_at: locked.at })
      .where('id', '=', rideId)
      .where('status', '=', 'requested')
      .returning(['id', 'dispatch_deadline'])
      .executeTakeFirst();
  });
  if (!updated) throw domainError('INVALID_TRANSITION', 'Only a ride still looking for a driver can be dispatched again.');
  services.dispatcher.kick(rideId);
  return { id: updated.id, dispatch_deadline: new Date(updated.dispatch_deadline!).toISOString() };
}
