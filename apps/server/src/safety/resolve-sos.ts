import { SOS_MACHINE } from '@openride/shared/safety/sos-state';
import type { ResolveSosInput } from '@openride/shared/safety/sos-schemas';
import { recordAudit } from '../audit/record-audit';
import { domainError } from '../lib/errors';
import { inTransaction } from '../lib/transaction';
import { recordRideEvent } from '../rides/record-ride-event';
import { announceSos } from './announce-sos';
import { adminSosViews, lockSos } from './sos.repo';
import { move } from '../lib/move';
import type { Ports } from '../ports';
import type { LocationService } from '../dispatch/location-service';

/**
 * An operator closes an SOS with a note (decision 0061): a conditional close under the alert's lock (a second
 * close is 409 SOS_ALREADY_RESOLVED), the ride event `sos_resolved` and the audit record in the same
 * transaction. The ticket stays as it is: its follow-up is the support queue's. After commit:
 * `safety.sos_changed` on `admins` and to the presser.
 */
export async function resolveSos(
  services: Pick<Ports, 'db' | 'bus'> & { locations: LocationService },
  adminId: string,
  id: string,
  input: ResolveSosInput,
  now = new Date(),
) {
  const { db } = services;
  const alert = await inTransaction(db, async (trx) => {
    const row = await lockSos(trx, id);
    if (row.status !== 'open') throw domainError('SOS_ALREADY_RESOLVED');
    const resolved = await move(trx, SOS_MACHINE, {
      table: 'sos_alerts',
      id: row.id,
      to: 'resolved',
      actor: 'admin',
      set: { resolved_by: adminId, resolved_at: now, note: input.note },
    });
    if (!resolved) throw domainError('SOS_ALREADY_RESOLVED');
    await recordRideEvent(trx, { rideId: row.ride_id, kind: 'sos_resolved', actor: 'operator', detail: `sos:${row.id}`, at: now });
    await recordAudit(trx, {
      actorId: adminId,
      action: 'sos.resolve',
      entityType: 'sos_alert',
      entityId: row.id,
      before: { status: 'open' },
      after: { status: 'resolved', note: input.note },
    });
    return row;
  });
  await announceSos(services, alert.id);
  const [view] = await adminSosViews(db, { ids: [alert.id] }, services.locations.lastFixOf);
  return { alert: view! };
}
