import type { LatLng } from '@openride/shared/rides/schemas';
import { domainError } from '../lib/errors';
import type { ZoneLocator, ZoneLookup } from './zone-locator';

/**
 * The zones' rules on a trip, as quote and request both apply them (issue 12): the pickup must lie in an
 * enabled service area (`OUTSIDE_SERVICE_AREA`); the destination may lie anywhere, outside the service area
 * too, except in an enabled restricted zone (`DESTINATION_RESTRICTED`). Answers the pickup's city and zones.
 */
export async function checkTrip(
  zones: ZoneLocator,
  trip: { pickup: LatLng; destination: LatLng },
): Promise<ZoneLookup & { city: NonNullable<ZoneLookup['city']> }> {
  const [pickup, destination] = await Promise.all([zones.at(trip.pickup), zones.at(trip.destination)]);
  if (!pickup.city) throw domainError('OUTSIDE_SERVICE_AREA');
  if (destination.restricted) throw domainError('DESTINATION_RESTRICTED');
  return { ...pickup, city: pickup.city };
}
