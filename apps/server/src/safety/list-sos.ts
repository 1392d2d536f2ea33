import type { AdminSosList, MySos } from '@openride/shared/safety/sos-schemas';
import { notFound } from '../lib/errors';
import { adminSosViews, emergencyContactsFor, mySosView, openAlertOf, rideRoleOf } from './sos.repo';
import type { Ports } from '../ports';
import type { LocationService } from '../dispatch/location-service';
import type { CityScope } from '../roles/city-scope';

/** `GET /api/admin/sos`: every open alert, oldest first, with the newest position known of its car. */
export async function listOpenSos(services: Pick<Ports, 'db'> & { locations: LocationService }, cities: CityScope = null): Promise<AdminSosList> {
  return { alerts: await adminSosViews(services.db, { open: true, cities }, services.locations.lastFixOf) };
}

/** `GET /api/rides/:id/sos`: the button's state for the ride's rider or driver (anyone else: 404). */
export async function getMySos(services: Pick<Ports, 'db' | 'env'>, userId: string, rideId: string): Promise<MySos> {
  const found = await rideRoleOf(services.db, rideId, userId);
  if (!found) throw notFound('Ride not found');
  const [alert, contacts] = await Promise.all([openAlertOf(services.db, rideId, userId), emergencyContactsFor(services.db, userId)]);
  return { alert: alert ? mySosView(alert) : null, contacts: contacts.length, emergency_number: found.ride.emergency_number ?? services.env.EMERGENCY_NUMBER };
}
