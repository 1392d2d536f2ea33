import { recordAudit } from '../audit/record-audit';
import { lockRideForTransition } from '../db/ride-locks';
import { domainError, notFound } from '../lib/errors';
import { inTransaction } from '../lib/transaction';
import { moveRide } from './move-ride';
import { isRideId } from './rides.repo';
import type { Ports } from '../ports';
import type { RideDispatcher } from './dispatch-port';

/**
 * An operator gives a ride that is still looking for a driver a fresh search: its deadline starts again
 * (the dispatcher's full search time from now) and dispatch looks at once, offering it to drivers who
 * have come online since. Only a `requested` ride: the ride machine's operator move requested → requested,
 * one conditional update, so a ride accepted in the meantime is left alone (409). Audited
 * (`ride.redispatch`, the operator's id), like the operator's cancel, in the same transaction.
 */
export async function redispatchRide(services: Pick<Ports, 'db'> & { dispatcher: RideDispatcher }, operatorId: string, rideId: string) {
  if (!isRideId(rideId)) throw notFound('Ride not found');
  const now = Date.now();
  const updated = await inTransaction(services.db, async (trx) => {
    // The ride's lock first (decision 0021): dispatch working on this ride finishes its look before.
    const locked = await lockRideForTransition(trx, rideId);
    if (!locked) throw notFound('Ride not found');
    const ride = await moveRide(trx, {
      rideId,
      to: 'requested',
      actor: { kind: 'operator', userId: operatorId },
      at: locked.at,
      set: { dispatch_deadline: new Date(now + services.dispatcher.options.searchTimeoutMs), dispatch_idle_since: null },
    });
    if (!ride) return undefined;
    await recordAudit(trx, {
      actorId: operatorId,
      action: 'ride.redispatch',
      entityType: 'ride',
      entityId: ride.id,
      before: { status: locked.ride.status, dispatch_deadline: locked.ride.dispatch_deadline && new Date(locked.ride.dispatch_deadline).toISOString() },
      after: { status: ride.status, dispatch_deadline: ride.dispatch_deadline && new Date(ride.dispatch_deadline).toISOString() },
    });
    return ride;
  });
  if (!updated) throw domainError('INVALID_TRANSITION', 'Only a ride still looking for a driver can be dispatched again.');
  services.dispatcher.kick(rideId);
  return { id: updated.id, dispatch_deadline: new Date(updated.dispatch_deadline!).toISOString() };
}
