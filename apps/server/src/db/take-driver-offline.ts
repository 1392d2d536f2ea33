import { userChannel } from '@openride/shared/realtime';
import type { Kysely, RawBuilder } from 'kysely';
import { lockDriverForChange, lockedAt } from './ride-locks';
import type { DB } from './schema';
import type { Services } from '../http/context';

export const DRIVER_STATUS_COLUMNS = ['id', 'status', 'verification_status', 'created_at'] as const;

/**
 * Going offline inside the caller's transaction, in the lock order of decision 0021 (the open offer's ride,
 * the offer, then the driver): the status flips to offline — only when `onlyIf` still holds under the lock,
 * if given — and an offer still on the driver's screen is handed back. A ride in progress is not touched: it
 * finishes as when the driver goes offline themselves. Shared by the driver's own switch (setDriverStatus)
 * and the compliance hold (compliance-expiry.ts). It lives beside the locks it takes, not in drivers/:
 * drivers imports compliance (going online checks the papers), so compliance may not import drivers.
 */
export async function takeDriverOfflineIn(trx: Kysely<DB>, driverId: string, onlyIf?: RawBuilder<boolean>) {
  const locked = await lockDriverForChange(trx, driverId);
  const at = await lockedAt(trx);
  let update = trx.updateTable('drivers').set({ status: 'offline', updated_at: at }).where('id', '=', driverId);
  if (onlyIf) update = update.where(onlyIf);
  const updated = await update.returning(DRIVER_STATUS_COLUMNS).executeTakeFirst();
  const released =
    updated && locked?.openOffer
      ? await trx
          .updateTable('ride_offers')
          .set({ status: 'declined', closed_at: at })
          .where('id', '=', locked.openOffer.id)
          .returning(['id', 'ride_id'])
          .executeTakeFirst()
      : undefined;
  return { updated, released };
}

/** After commit: this process forgets the cached status, the driver's tabs hear of it, a handed-back ride is dispatched again. */
export async function announceDriverStatus(
  services: Pick<Services, 'bus' | 'dispatcher' | 'drivers'>,
  userId: string,
  updated: Record<string, unknown>,
  released: { id: string; ride_id: string } | undefined,
) {
  services.drivers.invalidate(userId);
  await services.bus.publish({ channel: userChannel(userId), event: 'driver.changed', data: updated });
  if (released) {
    await services.bus.publish({
      channel: userChannel(userId),
      event: 'ride.offer_closed',
      data: { offer_id: released.id, ride_id: released.ride_id, reason: 'declined' },
    });
    services.dispatcher.kick(released.ride_id);
  }
}
