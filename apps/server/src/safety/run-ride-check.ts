import { rideChannel } from '@openride/shared/realtime';
import { RIDE_CHECK, type RideCheckReason } from '@openride/shared/safety/ride-check';
import { rideCheckText } from '@openride/shared/safety/ride-check-text';
import { inTransaction } from '../lib/transaction';
import { createNotification } from '../notifications/create-notification';
import { recordRideEvent } from '../rides/record-ride-event';
import { detectRideCheck, type PreviousCheck, type RideCheckFinding } from './ride-check';
import type { Ports } from '../ports';

/** Every minute (UTC): pg-boss queues one `ride-check` job per slot across all processes. */
export const RIDE_CHECK_CRON = '* * * * *';

type Deps = Pick<Ports, 'db' | 'bus' | 'push'>;
type LiveRide = {
  id: string;
  rider_id: string;
  driver_user_id: string;
  pickup_lat: number;
  pickup_lng: number;
  dropoff_lat: number;
  dropoff_lng: number;
  started_at: Date;
};

/**
 * The `ride-check` job (decision 0062): for every ride in progress, read its driver's breadcrumbs of the last
 * `windowMinutes` since the trip started (written by every process within a second, dispatch/breadcrumbs.ts)
 * and the last check of each reason, let `detectRideCheck` decide, and ask what it found. `now` is the run's
 * clock (tests pass a later one). Returns the checks asked.
 */
export async function runRideCheck(services: Deps, now = new Date()) {
  const rides = (await services.db
    .selectFrom('rides')
    .innerJoin('drivers', 'drivers.id', 'rides.driver_id')
    .select(['rides.id', 'rides.rider_id', 'drivers.user_id as driver_user_id', 'pickup_lat', 'pickup_lng', 'dropoff_lat', 'dropoff_lng', 'started_at'])
    .where('rides.status', '=', 'in_progress')
    .where('rides.started_at', 'is not', null)
    .execute()) as LiveRide[];
  const asked: Array<{ id: string; ride_id: string; reason: RideCheckReason }> = [];
  for (const ride of rides) {
    const from = new Date(Math.max(new Date(ride.started_at).getTime(), now.getTime() - RIDE_CHECK.windowMinutes * 60_000));
    const fixes = await services.db
      .selectFrom('ride_locations')
      .select(['lat', 'lng', 'at'])
      .where('ride_id', '=', ride.id)
      .where('at', '>=', from)
      .where('at', '<=', now)
      .orderBy('at')
      .execute();
    const last = await services.db
      .selectFrom('ride_checks')
      .select(['reason', 'closed_at'])
      .distinctOn('reason')
      .where('ride_id', '=', ride.id)
      .orderBy('reason')
      .orderBy('asked_at', 'desc')
      .execute();
    const previous: Partial<Record<RideCheckReason, PreviousCheck>> = {};
    for (const c of last) previous[c.reason] = { open: c.closed_at === null, closedAt: c.closed_at ? new Date(c.closed_at) : null };
    const found = detectRideCheck({
      fixes: fixes.map((f) => ({ lat: f.lat, lng: f.lng, at: new Date(f.at) })),
      // No road route is stored with a ride: the straight pickup → destination line (decision 0062).
      route: [
        { lat: ride.pickup_lat, lng: ride.pickup_lng },
        { lat: ride.dropoff_lat, lng: ride.dropoff_lng },
      ],
      destination: { lat: ride.dropoff_lat, lng: ride.dropoff_lng },
      previous,
    });
    for (const finding of found) {
      const check = await askRideCheck(services, ride, finding, now);
      if (check) asked.push(check);
    }
  }
  return asked;
}

/**
 * One check, claimed once: in one transaction the ride is read under a share lock (a ride completing now waits,
 * or has already left `in_progress` and nothing is asked), the `ride_checks` row is inserted unless an open one
 * of the reason exists (the partial unique index: a second process's run inserts nothing), then the ride event
 * and the two notifications. After commit, the notifications and `safety.ride_check` on the ride's room.
 */
async function askRideCheck(services: Deps, ride: LiveRide, finding: RideCheckFinding, now: Date) {
  const result = await inTransaction(services.db, async (trx) => {
    const current = await trx.selectFrom('rides').select('status').where('id', '=', ride.id).forShare().executeTakeFirst();
    if (current?.status !== 'in_progress') return null;
    const check = await trx
      .insertInto('ride_checks')
      .values({ ride_id: ride.id, reason: finding.reason, detail: finding.detail, asked_at: now })
      .onConflict((oc) => oc.columns(['ride_id', 'reason']).where('closed_at', 'is', null).doNothing())
      .returning(['id', 'ride_id', 'reason'])
      .executeTakeFirst();
    if (!check) return null;
    await recordRideEvent(trx, { rideId: ride.id, kind: 'ride_check', actor: 'system', detail: finding.detail, at: now });
    const notice = {
      booking_id: ride.id,
      kind: 'safety' as const,
      type: 'warning' as const,
      title: rideCheckText.notice.title,
      message: rideCheckText.notice.message(finding.reason),
    };
    const notices = [
      await createNotification(trx, services, { ...notice, user_id: ride.rider_id, link: `/track-ride/${ride.id}` }, { pushType: 'ride_check' }),
      await createNotification(trx, services, { ...notice, user_id: ride.driver_user_id, link: `/driver-ride/${ride.id}` }, { pushType: 'ride_check' }),
    ];
    return { check, notices };
  });
  if (!result) return null;
  for (const n of result.notices) await n.publish();
  await services.bus.publish({
    channel: rideChannel(ride.id),
    event: 'safety.ride_check',
    data: { ride_id: ride.id, id: result.check.id, reason: result.check.reason, state: 'asked' },
  });
  return result.check;
}
