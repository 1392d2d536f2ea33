import type { ReferralProgram } from '@openride/shared/referrals/schemas';
import type { Kysely, Selectable } from 'kysely';
import type { DB, RidesTable } from '../db/schema';
import type { NotificationDeps } from '../notifications/create-notification';
import { payReferralReward, type ReferralOutcome, settleReferral } from './pay-referral-reward';
import { cityOf, fraudFlag, programOf, ridesDone } from './referrals.repo';

export type { ReferralOutcome };

type Ride = Pick<Selectable<RidesTable>, 'id' | 'rider_id' | 'driver_id' | 'city_id' | 'currency' | 'completed_at'>;

/**
 * Called by `completeRide` in its transaction, after the ride's own posting (decision 0064): the ride may
 * qualify the rider's referral (rider program: their first completed ride) and the driver's (driver program:
 * their Nth ride within D days of approval). Exactly once per referee: the referral row is locked and moved
 * out of `pending` by this transaction, and the reward posts under the key `referral:<id>:reward` — a second
 * completion, a repeated call or a racing one finds nothing pending, or the key already posted. The
 * outcomes carry the reward notifications, written in this transaction; the caller publishes them after
 * commit (decision 0069).
 */
export async function qualifyReferralsForRide(trx: Kysely<DB>, deps: NotificationDeps, ride: Ride): Promise<ReferralOutcome[]> {
  const out: ReferralOutcome[] = [];
  const rider = await qualifyOne(trx, deps, ride, 'rider', ride.rider_id);
  if (rider) out.push(rider);
  if (ride.driver_id) {
    const driver = await trx.selectFrom('drivers').select('user_id').where('id', '=', ride.driver_id).executeTakeFirst();
    const outcome = driver ? await qualifyOne(trx, deps, ride, 'driver', driver.user_id) : null;
    if (outcome) out.push(outcome);
  }
  return out;
}

async function qualifyOne(trx: Kysely<DB>, deps: NotificationDeps, ride: Ride, program: ReferralProgram, refereeId: string): Promise<ReferralOutcome | null> {
  const referral = await trx
    .selectFrom('referrals')
    .selectAll()
    .where('referee_id', '=', refereeId)
    .where('program', '=', program)
    .where('status', '=', 'pending')
    .forUpdate()
    .executeTakeFirst();
  if (!referral) return null;
  const at = ride.completed_at ? new Date(ride.completed_at) : new Date();
  if (at.getTime() > new Date(referral.expires_at).getTime()) return (await settleReferral(trx, referral, 'pending', 'expired')).outcome;

  // The referee's city (where they first rode; decision 0069) decides N, D and the amounts.
  const cityId = (await cityOf(trx, program, refereeId)) ?? ride.city_id;
  const settings = await programOf(trx, program, cityId);
  if ((await ridesDone(trx, { program, referee_id: refereeId }, settings.within_days)) < (program === 'rider' ? 1 : settings.rides_required)) return null;

  // An admin who approved a flagged referral accepted what the rules found: they are not asked again.
  const flag = referral.review === 'approved' ? null : await fraudFlag(trx, referral.referrer_id, refereeId);
  if (flag)
    return (await settleReferral(trx, referral, 'pending', 'flagged', { flag_reason: flag, qualified_at: at, ride_id: ride.id, city_id: cityId })).outcome;
  return payReferralReward(trx, deps, referral, 'pending', { id: ride.id, completed_at: at }, cityId);
}
