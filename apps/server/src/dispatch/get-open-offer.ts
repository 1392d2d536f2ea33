import { offerView } from './offer-view';
import type { Ports } from '../ports';
import type { Dispatcher } from './dispatcher';

/** The driver's open offer, if any, to restore the offer card after a reload. */
export async function getOpenOffer(services: Pick<Ports, 'db'> & { dispatcher: Dispatcher }, userId: string) {
  const { db } = services;
  const row = await db
    .selectFrom('ride_offers')
    .innerJoin('drivers', 'drivers.id', 'ride_offers.driver_id')
    .selectAll('ride_offers')
    .where('drivers.user_id', '=', userId)
    .where('ride_offers.status', '=', 'offered')
    .where('ride_offers.expires_at', '>', new Date())
    .executeTakeFirst();
  if (!row) return null;
  const ride = await db.selectFrom('rides').selectAll().where('id', '=', row.ride_id).executeTakeFirstOrThrow();
  return offerView(row, ride, services.dispatcher.options.offerTimeoutMs);
}
