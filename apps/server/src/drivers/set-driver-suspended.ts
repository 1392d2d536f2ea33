import { OFFER_MACHINE } from '@openride/shared/rides/offer-state';
import { DRIVER_PRESENCE_MACHINE } from '@openride/shared/drivers/presence-state';
import { userChannel } from '@openride/shared/realtime';
import { recordAudit } from '../audit/record-audit';
import { lockDriverForChange } from '../db/ride-locks';
import { notFound } from '../lib/errors';
import { inTransaction } from '../lib/transaction';
import { move, pickColumns } from '../lib/move';
import type { Ports } from '../ports';
import type { Dispatcher } from '../dispatch/dispatcher';
import type { DriverDirectory } from '../dispatch/driver-directory';

/**
 * An admin suspends a driver (offline at once, cannot go online, offered nothing) or reinstates them,
 * with a reason, audited in the same transaction. An open offer is handed back to dispatch; a ride the
 * driver has already accepted is left to finish (the rider is not stranded; the operator can cancel it
 * from booking management). Locks in the order of decision 0021 (the open offer's ride, the offer, then
 * the driver), so a suspend meeting the driver's accept never deadlocks: one of them goes first.
 */
export async function setDriverSuspended(
  services: Pick<Ports, 'db' | 'bus'> & { drivers: DriverDirectory; dispatcher: Dispatcher },
  adminId: string,
  driverId: string,
  input: { suspended: boolean; reason: string },
) {
  const { db, bus } = services;
  const { driver, released } = await inTransaction(db, async (trx) => {
    const locked = await lockDriverForChange(trx, driverId);
    if (!locked) throw notFound('Driver not found');
    const existing = locked.driver;
    const changes = { suspended_at: input.suspended ? new Date() : null, suspension_reason: input.suspended ? input.reason : null, updated_at: new Date() };
    const columns = ['id', 'user_id', 'status', 'verification_status', 'created_at', 'suspended_at', 'suspension_reason'] as const;
    // Suspending takes the driver offline (from either status); reinstating leaves the status as it is.
    const suspended = input.suspended
      ? await move(trx, DRIVER_PRESENCE_MACHINE, { table: 'drivers', id: driverId, to: 'offline', actor: 'admin', set: changes })
      : undefined;
    const driver = suspended
      ? pickColumns(suspended, columns)
      : await trx.updateTable('drivers').set(changes).where('id', '=', driverId).returning(columns).executeTakeFirstOrThrow();
    const offer =
      input.suspended && locked.openOffer
        ? await move(trx, OFFER_MACHINE, { table: 'ride_offers', id: locked.openOffer.id, to: 'declined', actor: 'admin', set: { closed_at: new Date() } })
        : undefined;
    const released = offer && { id: offer.id, ride_id: offer.ride_id };
    await recordAudit(trx, {
      actorId: adminId,
      action: input.suspended ? 'driver.suspend' : 'driver.reinstate',
      entityType: 'driver',
      entityId: driverId,
      before: { suspended: existing.suspended_at !== null, status: existing.status, suspension_reason: existing.suspension_reason },
      after: { suspended: driver.suspended_at !== null, status: driver.status, suspension_reason: driver.suspension_reason },
      reason: input.reason,
    });
    return { driver, released };
  });

  // This process stops taking the driver's GPS frames at once (others within the bus hop); their open
  // screens learn of it and go offline.
  services.drivers.invalidate(driver.user_id);
  await bus.publish({
    channel: userChannel(driver.user_id),
    event: 'driver.changed',
    data: { id: driver.id, status: driver.status, verification_status: driver.verification_status, created_at: driver.created_at },
  });
  if (released) {
    await bus.publish({
      channel: userChannel(driver.user_id),
      event: 'ride.offer_closed',
      data: { offer_id: released.id, ride_id: released.ride_id, reason: 'declined' },
    });
    services.dispatcher.kick(released.ride_id);
  }
  return {
    id: driver.id,
    status: driver.status,
    suspended: driver.suspended_at !== null,
    suspended_at: driver.suspended_at ? new Date(driver.suspended_at).toISOString() : null,
    suspension_reason: driver.suspension_reason,
  };
}
