import { DRIVER_PRESENCE_MACHINE } from '@openride/shared/drivers/presence-state';
import { type DriverVerificationInput, driverVerificationNotice } from '@openride/shared/drivers/schemas';
import { complianceText } from '@openride/shared/compliance/compliance-text';
import { driverCityText } from '@openride/shared/drivers/driver-city-text';
import { userChannel } from '@openride/shared/realtime';
import { lockDriver } from '../db/ride-locks';
import { notFound } from '../lib/errors';
import { reviewApplicationVehicle } from '../vehicles/vehicles.repo';
import { DRIVER_COLUMNS } from './drivers.repo';
import { complianceOf } from '../compliance/compliance.repo';
import { move, pickColumns } from '../lib/move';
import type { Ports } from '../ports';
import { review } from '../review/review';

/** What keeps a just-approved driver offline, in a sentence, or null (decision 0081). */
async function stillNeeded(db: Parameters<typeof complianceOf>[0], driverId: string): Promise<string | null> {
  const compliance = await complianceOf(db, driverId);
  return compliance.city ? complianceText.beforeOnline(compliance.items) : driverCityText.unknown;
}

/**
 * An admin approves or rejects a driver record. In one transaction: the decision (who, when, why), the
 * applicant's notification, the audit record and, on approval, the driver role. Rejecting also takes
 * the driver offline.
 * After commit: the bell, the push and the driver status of the applicant's open tabs.
 */
export async function reviewDriver(services: Pick<Ports, 'db' | 'bus' | 'push'>, adminId: string, driverId: string, input: DriverVerificationInput) {
  const { bus } = services;
  const approved = input.status === 'approved';
  const { decided: driver } = await review(services, {
    adminId,
    // The driver row only: last in decision 0021's order, so it cannot close a circle with a ride verb.
    load: (trx) => lockDriver(trx, driverId, 'update'),
    notFound: () => notFound('Driver not found'),
    // Any record may be decided again (an approved driver rejected later, say): no `reviewable`, and the decision cannot lose.
    decide: async (trx, existing, now) => {
      const decision = {
        verification_status: input.status,
        rejection_reason: approved ? null : input.reason,
        reviewed_at: now,
        reviewed_by: adminId,
        updated_at: now,
      };
      const columns = [...DRIVER_COLUMNS, 'user_id', 'rejection_reason', 'reviewed_at', 'reviewed_by'] as const;
      // A rejection takes the driver offline (from either status); an approval leaves the status as it is.
      const rejected = approved
        ? undefined
        : await move(trx, DRIVER_PRESENCE_MACHINE, { table: 'drivers', id: existing.id, to: 'offline', actor: 'admin', set: decision });
      const driver = rejected
        ? pickColumns(rejected, columns)
        : await trx.updateTable('drivers').set(decision).where('id', '=', existing.id).returning(columns).executeTakeFirstOrThrow();
      // The application's vehicle is decided with it (decision 0046).
      await reviewApplicationVehicle(trx, existing.id, adminId, input.status === 'approved' ? { approved: true } : { approved: false, reason: input.reason });
      if (approved) {
        // A record made before the application flow set the role (or by hand) still gets it.
        await trx
          .insertInto('user_roles')
          .values({ user_id: existing.user_id, role: 'driver' })
          .onConflict((oc) => oc.columns(['user_id', 'role']).doNothing())
          .execute();
      }
      return driver;
    },
    audit: (existing, driver) => ({
      action: approved ? 'driver.approve' : 'driver.reject',
      entityType: 'driver',
      entityId: existing.id,
      before: { verification_status: existing.verification_status, status: existing.status, rejection_reason: existing.rejection_reason },
      after: { verification_status: driver.verification_status, status: driver.status, rejection_reason: driver.rejection_reason },
      reason: approved ? null : input.reason,
    }),
    notice: async (trx, existing) => {
      // Approval's words say what is still needed before going online (decision 0081): the papers the city requires, or the city.
      const notice = approved
        ? { ...driverVerificationNotice.approved, message: driverVerificationNotice.approvedMessage(await stillNeeded(trx, existing.id)) }
        : { ...driverVerificationNotice.rejected, message: driverVerificationNotice.rejected.message(input.reason) };
      return { user_id: existing.user_id, type: notice.type, title: notice.title, message: notice.message, booking_id: null, kind: 'account', link: '/driver' };
    },
  });

  await bus.publish({
    channel: userChannel(driver.user_id),
    event: 'driver.changed',
    data: { id: driver.id, status: driver.status, verification_status: driver.verification_status, created_at: driver.created_at },
  });
  // The column is text; what it now holds is the decision just written.
  return { ...driver, verification_status: input.status };
}
