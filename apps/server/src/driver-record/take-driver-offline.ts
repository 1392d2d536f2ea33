import { OFFER_MACHINE } from '@openride/shared/rides/offer-state';
import { DRIVER_PRESENCE_MACHINE } from '@openride/shared/drivers/presence-state';
import { userChannel } from '@openride/shared/realtime';
import type { Kysely, RawBuilder } from 'kysely';
import { lockDriverForChange, lockedAt } from '../db/ride-locks';
import type { DB } from '../db/schema';
import { move, pickColumns } from '../lib/move';
import type { Ports } from '../ports';

/**
 * What announcing a driver's new status needs: the bus, this process's driver cache and the dispatcher (to
 * search again for a handed-back ride). Declared by shape, so this module — and compliance, which calls it —
 * import nothing of dispatch; server.ts's real services fit it.
 */
export type PresencePorts = Pick<Ports, 'bus'> & { dispatcher: { kick(rideId: string): void }; drivers: { invalidate(userId: string): void } };

export const DRIVER_STATUS_COLUMNS = ['id', 'status', 'verification_status', 'created_at'] as const;

/**
 * Going offline inside the caller's transaction, in the lock order of decision 0021 (the open offer's ride,
 * the offer, then the driver): the status flips to offline — only when `onlyIf` still holds under the lock,
 * if given — and an offer still on the driver's screen is handed back. A ride in progress is not touched: it
 * finishes as when the driver goes offline themselves. Shared by the driver's own switch (setDriverStatus)
 * and the compliance hold (compliance-expiry.ts). It lives in driver-record/, beneath both: drivers imports
 * compliance (going online checks the papers), so compliance may not import drivers.
 */
export async function takeDriverOfflineIn(trx: Kysely<DB>, driverId: string, onlyIf?: RawBuilder<boolean>, actor: 'driver' | 'system' = 'system') {
  const locked = await lockDriverForChange(trx, driverId);
  const at = await lockedAt(trx);
  const offline = await move(trx, DRIVER_PRESENCE_MACHINE, {
    table: 'drivers',
    id: driverId,
    to: 'offline',
    actor,
    set: { updated_at: at },
    where: onlyIf && (() => onlyIf),
  });
  const updated = offline && pickColumns(offline, DRIVER_STATUS_COLUMNS);
  const offer =
    updated && locked?.openOffer
      ? await move(trx, OFFER_MACHINE, { table: 'ride_offers', id: locked.openOffer.id, to: 'declined', actor: 'system', set: { closed_at: at } })
      : undefined;
  const released = offer && { id: offer.id, ride_id: offer.ride_id };
  return { updated, released };
}

/** After commit: this process forgets the cached status, the driver's tabs hear of it, a handed-back ride is dispatched again. */
export async function announceDriverStatus(
  services: PresencePorts,
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
