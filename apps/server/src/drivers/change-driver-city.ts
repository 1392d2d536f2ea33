import { driverCityText } from '@openride/shared/drivers/driver-city-text';
import type { DriverCityChange } from '@openride/shared/drivers/schemas';
import type { DriverCityResponse } from '@openride/shared/drivers/views';
import { userChannel } from '@openride/shared/realtime';
import { sql } from 'kysely';
import { isCompliantIn } from '../compliance/compliance.repo';
import { announceDriverStatus, DRIVER_STATUS_COLUMNS, takeDriverOfflineIn } from '../driver-record/take-driver-offline';
import { badRequest, notFound } from '../lib/errors';
import { inTransaction } from '../lib/transaction';
import { servedCityNames } from '../zones/zones.repo';
import { latestDriverOf } from './drivers.repo';
import type { Ports } from '../ports';
import type { Dispatcher } from '../dispatch/dispatcher';
import type { DriverDirectory } from '../dispatch/driver-directory';

/**
 * A driver moves to another city (decision 0074), on their newest record: one the marketplace serves (400
 * otherwise). The new city's requirements apply at once: in the same transaction, a driver online who lacks
 * a paper it requires is taken offline (in decision 0021's lock order, an open offer handed back, a ride in
 * progress finishing), and from then on going online, the hold and the compliance page read the new city.
 */
export async function changeDriverCity(
  services: Pick<Ports, 'db' | 'bus'> & { dispatcher: Dispatcher; drivers: DriverDirectory },
  userId: string,
  input: DriverCityChange,
): Promise<DriverCityResponse> {
  const { db } = services;
  const driver = await latestDriverOf(db, userId);
  if (!driver) throw notFound('No driver record');
  const city = (await servedCityNames(db)).find((c) => c.id === input.city_id);
  if (!city) throw badRequest(driverCityText.notServed, [{ path: ['city_id'], message: driverCityText.notServed }]);

  const { updated, released } = await inTransaction(db, async (trx) => {
    // Offline first (it takes the offer's ride, the offer, then the driver), only if the new city holds them.
    const offline = await takeDriverOfflineIn(trx, driver.id, sql<boolean>`drivers.status = 'available' and not ${isCompliantIn(city.id)}`);
    await trx.updateTable('drivers').set({ city_id: city.id, updated_at: new Date() }).where('id', '=', driver.id).execute();
    return offline;
  });
  if (updated) await announceDriverStatus(services, userId, updated, released);
  else {
    // Other tabs read the city again (/driver, the compliance page).
    const state = await db.selectFrom('drivers').select(DRIVER_STATUS_COLUMNS).where('id', '=', driver.id).executeTakeFirstOrThrow();
    await services.bus.publish({ channel: userChannel(userId), event: 'driver.changed', data: state });
  }
  return { city: { id: city.id, name: city.name }, taken_offline: Boolean(updated) };
}
