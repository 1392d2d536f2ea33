import { rideChannel } from '@openride/shared/realtime';
import { sql } from 'kysely';
import { notFound } from '../lib/errors';
import { inTransaction } from '../lib/transaction';
import { recordRideEvent } from '../rides/record-ride-event';
import { findRideFor } from '../rides/rides.repo';
import type { Ports } from '../ports';

/**
 * "I'm OK" (decision 0062): the ride's rider or driver answers every open check of the ride they have not
 * answered yet. In one transaction their side's time is set (a conditional update: a double tap answers once),
 * a `ride_check_ok` event per check goes on the ride's timeline, and a check both parties answered closes —
 * from then on the same reason may be asked again only after another full period. Anyone else: 404.
 * Returns how many checks the caller answered (0 when none was open).
 */
export async function answerRideCheck(services: Pick<Ports, 'db' | 'bus'>, userId: string, rideId: string, now = new Date()) {
  const found = await findRideFor(services.db, userId, rideId);
  if (!found) throw notFound('Ride not found');
  const side = found.viewer;
  const column = side === 'rider' ? 'rider_ok_at' : 'driver_ok_at';
  const answered = await inTransaction(services.db, async (trx) => {
    const rows = await trx
      .updateTable('ride_checks')
      .set({ [column]: now })
      .where('ride_id', '=', rideId)
      .where('closed_at', 'is', null)
      .where(column, 'is', null)
      .returning(['id', 'reason'])
      .execute();
    if (rows.length === 0) return rows;
    for (const r of rows) await recordRideEvent(trx, { rideId, kind: 'ride_check_ok', actor: side, detail: r.reason, at: now });
    await trx
      .updateTable('ride_checks')
      .set({ closed_at: sql`greatest(rider_ok_at, driver_ok_at)` })
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .where('rider_ok_at', 'is not', null)
      .where('driver_ok_at', 'is not', null)
      .execute();
    return rows;
  });
  for (const r of answered)
    await services.bus.publish({
      channel: rideChannel(rideId),
      event: 'safety.ride_check',
      data: { ride_id: rideId, id: r.id, reason: r.reason, state: 'answered' },
    });
  return answered.length;
}
