import { DRIVER_PRESENCE_MACHINE } from '@openride/shared/drivers/presence-state';
import type { DriverStatus } from '@openride/shared/drivers/schemas';
import { messages } from '@openride/shared/messages';
import { domainError, forbidden, notFound } from '../lib/errors';
import { inTransaction } from '../lib/transaction';
import { assertMayGoOnline } from '../payouts/assert-may-go-online';
import { complianceCityExpr, complianceCityOf, complianceOf, isCompliantIn } from '../compliance/compliance.repo';
import { complianceText } from '@openride/shared/compliance/compliance-text';
import { announceDriverStatus, DRIVER_STATUS_COLUMNS, takeDriverOfflineIn } from '../driver-record/take-driver-offline';
import { move, pickColumns } from '../lib/move';
import type { Ports } from '../ports';
import type { Dispatcher } from '../dispatch/dispatcher';
import type { DriverDirectory } from '../dispatch/driver-directory';

/**
 * §7 drivers update (status by id), by the record's owner only. Going online needs an approved record;
 * the approval is re-checked in the update itself, so a rejection landing at the same moment wins.
 * Going offline hands back an offer still on the screen, in the same transaction and in the lock order
 * of decision 0021 (the offer's ride, the offer, then the driver): an accept at the same moment either
 * takes the ride first or finds the offer gone.
 */
export async function setDriverStatus(
  services: Pick<Ports, 'db' | 'bus'> & { dispatcher: Dispatcher; drivers: DriverDirectory },
  userId: string,
  driverId: string,
  status: DriverStatus,
) {
  const { db } = services;
  const driver = await db.selectFrom('drivers').select(['id', 'user_id', 'verification_status', 'suspended_at']).where('id', '=', driverId).executeTakeFirst();
  if (!driver) throw notFound('Driver not found');
  if (driver.user_id !== userId) throw forbidden();
  if (status === 'available' && driver.suspended_at) throw domainError('DRIVER_SUSPENDED');
  const refuse = (verificationStatus: string) => domainError('DRIVER_NOT_APPROVED', messages.errors.applicationPending.text(verificationStatus));
  if (status === 'available' && driver.verification_status !== 'approved') throw refuse(driver.verification_status);
  // Owing more than the limit past the grace days: settle first (decision 0040).
  if (status === 'available') await assertMayGoOnline(db, driver.id);
  // Papers the city requires, all valid today (decision 0049): the refusal says exactly what is missing.
  // Their own city (decision 0074): unknown is refused, never judged against some other city.
  const city = status === 'available' ? await complianceCityOf(db, driver.id) : undefined;
  if (city === null) throw domainError('DRIVER_CITY_UNKNOWN');
  const refuseHold = async () => {
    const compliance = await complianceOf(db, driver.id);
    return domainError('DRIVER_ON_HOLD', complianceText.onHold(compliance.hold_reasons));
  };

  const { updated, released } = await inTransaction(db, async (trx) => {
    // Going offline: the rider should not wait out the 15 s of an offer still on the screen.
    if (status === 'offline') return takeDriverOfflineIn(trx, driver.id, undefined, 'driver');
    // Approval and suspension re-checked in the update itself: an admin's decision landing now wins.
    // Papers too, in the same statement (in the driver's city as it is now): a document expiring or rejected at this moment holds the driver.
    const online = await move(trx, DRIVER_PRESENCE_MACHINE, {
      table: 'drivers',
      id: driver.id,
      to: 'available',
      actor: 'driver',
      set: { updated_at: new Date() },
      where: city ? (eb) => eb.and([eb('verification_status', '=', 'approved'), eb('suspended_at', 'is', null), isCompliantIn(complianceCityExpr)]) : undefined,
    });
    return { updated: online && pickColumns(online, DRIVER_STATUS_COLUMNS), released: undefined };
  });
  if (!updated) {
    const now = await db.selectFrom('drivers').select(['verification_status', 'suspended_at']).where('id', '=', driver.id).executeTakeFirst();
    if (now?.suspended_at) throw domainError('DRIVER_SUSPENDED');
    if (now?.verification_status === 'approved') throw await refuseHold();
    throw refuse(now?.verification_status ?? driver.verification_status);
  }
  // This process takes the driver's next GPS frame with the new status at once (others within the bus hop).
  await announceDriverStatus(services, userId, updated, released);
  return updated;
}
