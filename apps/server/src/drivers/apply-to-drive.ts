import { ALREADY_APPLIED_MESSAGE, type DriverApplicationInput } from '@openride/shared/drivers/schemas';
import { driverCityText } from '@openride/shared/drivers/driver-city-text';
import { userChannel } from '@openride/shared/realtime';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { badRequest, domainError } from '../lib/errors';
import { servedCityNames } from '../zones/zones.repo';
import { insertApplicationVehicle } from '../vehicles/vehicles.repo';
import { DRIVER_COLUMNS } from './drivers.repo';
import { cityCountry, storedPhone } from '../lib/phone-country';
import type { Ports } from '../ports';

/**
 * §2/§7 driver application: a pending, offline driver record and the driver role, together or not at all.
 * One live application per user: a pending or approved record refuses another; after a rejection the
 * user may apply again (a new record, so the history stays). The application's vehicle becomes the
 * driver's first, active and pending with the application (decision 0046). The applicant names the city
 * they will drive in (decision 0074): a served one, 400 otherwise; none named is the only city served, or 400
 * when there are several — never one picked for them.
 */
export async function applyToDrive(services: Pick<Ports, 'db' | 'bus' | 'env'>, userId: string, input: DriverApplicationInput) {
  const city_id = await applicationCityOf(services.db, input.city_id);
  // E.164 when it is a number of the city's country (decision 0094); as typed otherwise (§5 asks it non-blank).
  const phone = storedPhone(input.phone, await cityCountry(services.db, city_id, services.env.DEFAULT_COUNTRY));
  const driver = await services.db.transaction().execute(async (trx) => {
    // Serializes one user's concurrent applications: the second waits, then sees the first.
    await trx.selectFrom('user').select('id').where('id', '=', userId).forUpdate().executeTakeFirstOrThrow();
    const live = await trx
      .selectFrom('drivers')
      .select('id')
      .where('user_id', '=', userId)
      .where('verification_status', 'in', ['pending', 'approved'])
      .limit(1)
      .executeTakeFirst();
    if (live) throw domainError('ALREADY_APPLIED', ALREADY_APPLIED_MESSAGE);
    const row = await trx
      .insertInto('drivers')
      .values({ user_id: userId, ...input, phone, city_id, verification_status: 'pending', status: 'offline' })
      .returning(DRIVER_COLUMNS)
      .executeTakeFirstOrThrow();
    await insertApplicationVehicle(trx, row);
    await trx
      .insertInto('user_roles')
      .values({ user_id: userId, role: 'driver' })
      .onConflict((oc) => oc.columns(['user_id', 'role']).doNothing())
      .execute();
    return row;
  });
  await services.bus.publish({
    channel: userChannel(userId),
    event: 'driver.changed',
    data: { id: driver.id, status: driver.status, verification_status: driver.verification_status, created_at: driver.created_at },
  });
  return driver;
}

/** The city of an application: the one named, if served; else the only one served (decision 0074). */
async function applicationCityOf(db: Kysely<DB>, named: string | undefined) {
  const served = await servedCityNames(db);
  if (named !== undefined) {
    if (!served.some((c) => c.id === named)) throw badRequest(driverCityText.notServed, [{ path: ['city_id'], message: driverCityText.notServed }]);
    return named;
  }
  if (served.length !== 1) throw badRequest(driverCityText.required, [{ path: ['city_id'], message: driverCityText.required }]);
  return served[0]!.id;
}
