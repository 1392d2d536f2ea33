import { userChannel } from '@openride/shared/realtime';
import { recordAudit } from '../audit/record-audit';
import { lockDriverForChange } from '../db/ride-locks';
import type { Services } from '../http/context';
import { notFound } from '../lib/errors';
import { inTransaction } from '../lib/transaction';

/**
 * An admin suspends a driver (offline at once, cannot go online, offered nothing) or reinstates them,
 * with a reason, audited in the same transaction. An open offer is handed back to dispatch; a ride the
 * driver has already accepted is left to finish (the rider is not stranded; the operator can cancel it
 * from booking management). Locks in the order of decision 0021 (the open offer's ride, the offer, then
 * the driver), so a suspend meeting the driver's accept never deadlocks: one of them goes first.
 */
export async function setDriverSuspended(
  services: Pick<Services, 'db' | 'bus' | 'drivers' | 'dispatcher'>,
  adminId: string,
  driverId: string,
  input: { suspended: boolean; reason: string },
) {
  const { db, bus } = services;
  const { driver, released } = await inTransaction(db, async (trx) => {
    const locked = await lockDriverForChange(trx, driverId);
    if (!locked) throw notFound('Driver not found');
    const existing = locked.driver;
    const driver = await trx
      .updateTable('drivers')
      .set({
        suspended_at: input.suspended ? new Date() : null,
        suspension_reason: input.suspended ? input.reason : null,
        ...(input.suspended ? { status: 'offline' as const } : {}),
        updated_at: new Date(),
      })
      .where('id', '=', driverId)
      .returning(['id', 'user_id', 'status', 'verification_status', 'created_at', 'suspended_at', 'suspension_reason'])
      .executeTakeFirstOrThrow();
    const released =
      input.suspended && locked.openOffer
        ? await trx
            .updateTable('ride_offers')
            .set({ status: 'declined', closed_at: new Date() })
            .where('id', '=', locked.openOffer.id)
            .returning(['id', 'ride_id'])
            .executeTakeFirst()
        : undefined;
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
