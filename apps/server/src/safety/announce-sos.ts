import { ADMINS_CHANNEL, userChannel } from '@openride/shared/realtime';
import { adminSosViews } from './sos.repo';
import type { Ports } from '../ports';
import type { LocationService } from '../dispatch/location-service';

/**
 * After commit, the one place an SOS is told (decision 0061): a raised alert goes to the `admins` room as
 * operators read it (`safety.sos`); a resolved one as `safety.sos_changed`, to `admins` and to the presser's
 * own room (their button leaves its "SOS sent" state).
 */
export async function announceSos(services: Pick<Ports, 'db' | 'bus'> & { locations: LocationService }, alertId: string) {
  const [alert] = await adminSosViews(services.db, { ids: [alertId] }, services.locations.lastFixOf);
  if (!alert) return;
  if (alert.status === 'open') {
    await services.bus.publish({ channel: ADMINS_CHANNEL, event: 'safety.sos', data: { alert } });
    return;
  }
  const change = { id: alert.id, ride_id: alert.ride.id, status: alert.status };
  await services.bus.publish({ channel: ADMINS_CHANNEL, event: 'safety.sos_changed', data: change });
  await services.bus.publish({ channel: userChannel(alert.raised_by.id), event: 'safety.sos_changed', data: change });
}
