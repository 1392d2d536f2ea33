import type { LatLng } from '@openride/shared/rides/schemas';
import type { Services } from '../http/context';

/** What pricing needs of the zones locator (issue 12, zones): the pricing zone holding a point, if any. */
export type PricingZoneLocator = { at(point: LatLng): { pricing_zone: { id: string } | null } | Promise<{ pricing_zone: { id: string } | null }> };

/**
 * THE SEAM to zones (decision 0032): the pricing zone of a pickup, or null for the city default. Fare
 * policies take the zone id only from here (quotes and bookings both call it).
 *
 * Until zones merge there is no `services.zones`, so this answers null and every pickup is priced on the
 * city default. At merge the lead replaces the body with the typed call,
 *   `return (await services.zones.at(point)).pricing_zone?.id ?? null;`
 * (the duck-typed read below already does that if a `zones` service with `at(point)` is present).
 */
export async function pricingZoneAt(services: object, point: LatLng): Promise<string | null> {
  const zones = (services as Partial<Services> & { zones?: PricingZoneLocator }).zones;
  if (!zones) return null;
  return (await zones.at(point)).pricing_zone?.id ?? null;
}
