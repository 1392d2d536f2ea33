import type { ReferralProgram } from '@openride/shared/referrals/schemas';
import type { Kysely, Selectable } from 'kysely';
import type { DB, RidesTable } from '../db/schema';
import { type AccountRef, post, type Posting } from '../ledger/ledger';
import { approvedDriverIdOf, fraudFlag, programOf, ridesDone } from './referrals.repo';

type Ride = Pick<Selectable<RidesTable>, 'id' | 'rider_id' | 'driver_id' | 'city_id' | 'currency' | 'completed_at'>;

export type ReferralOutcome = { referral_id: string; program: ReferralProgram; status: 'rewarded' | 'qualified' | 'expired' | 'flagged' };

/**
 * Called by `completeRide` in its transaction, after the ride's own posting (decision 0064): the ride may
 * qualify the rider's referral (rider program: their first completed ride) and the driver's (driver program:
 * their Nth ride within D days of approval). Exactly once per referee: the referral row is locked and moved
 * out of `pending` by this transaction, and the reward posts under the key `referral:<id>:reward` — a second
 * completion, a repeated call or a racing one finds nothing pending, or the key already posted.
 */
export async function qualifyReferralsForRide(trx: Kysely<DB>, ride: Ride): Promise<ReferralOutcome[]> {
  const out: ReferralOutcome[] = [];
  const rider = await qualifyOne(trx, ride, 'rider', ride.rider_id);
  if (rider) out.push(rider);
  if (ride.driver_id) {
    const driver = await trx.selectFrom('drivers').select('user_id').where('id', '=', ride.driver_id).executeTakeFirst();
    const outcome = driver ? await qualifyOne(trx, ride, 'driver', driver.user_id) : null;
    if (outcome) out.push(outcome);
  }
  return out;
}

async function qualifyOne(trx: Kysely<DB>, ride: Ride, program: ReferralProgram, refereeId: string): Promise<ReferralOutcome | null> {
  const referral = await trx.selectFrom('referrals').selectAll().where('referee_id', '=', refereeId).where('program', '=', program).where('status', '=', 'pending').forUpdate().executeTakeFirst();
  if (!referral) return null;
  const at = ride.completed_at ? new Date(ride.completed_at) : new Date();
  const settle = (status: ReferralOutcome['status'], set: Partial<{ flag_reason: 'shared_phone' | 'shared_card' | 'shared_device'; rewarded_at: Date; referrer_reward_cents: number; referee_reward_cents: number; currency: string }> = {}) =>
    trx
      .updateTable('referrals')
      .set({ status, ...set, ...(status === 'expired' ? {} : { qualified_at: at, ride_id: ride.id }) })
      .where('id', '=', referral.id)
      .where('status', '=', 'pending')
      .execute()
      .then(() => ({ referral_id: referral.id, program, status }));

  if (at.getTime() > new Date(referral.expires_at).getTime()) return settle('expired');
  const settings = await programOf(trx, program);
  if ((await ridesDone(trx, { program, referee_id: refereeId }, settings.within_days)) < (program === 'rider' ? 1 : settings.rides_required)) return null;

  const flag = await fraudFlag(trx, referral.referrer_id, refereeId);
  if (flag) return settle('flagged', { flag_reason: flag });
  const referrerCents = settings.enabled ? settings.referrer_reward_cents : 0;
  const refereeCents = settings.enabled && program === 'rider' ? settings.referee_reward_cents : 0;
  if (referrerCents + refereeCents === 0) return settle('qualified');

  // The rider program credits both wallets; the driver program the referrer's driver account (payable with
  // payouts), or their wallet if they drive no more.
  const referrerDriver = program === 'driver' ? await approvedDriverIdOf(trx, referral.referrer_id) : null;
  const referrerAccount: AccountRef = referrerDriver ? { code: 'driver', owner: referrerDriver.id } : { code: 'rider_wallet', owner: referral.referrer_id };
  const line = (account: AccountRef) => (account.code === 'rider_wallet' ? 'wallet_credit' : 'referral_reward');
  const entries: Posting[] = [
    { account: { code: 'referrals' }, line: 'referral_reward', amount_cents: referrerCents + refereeCents },
    { account: referrerAccount, line: line(referrerAccount), amount_cents: -referrerCents },
    { account: { code: 'rider_wallet', owner: refereeId }, line: 'wallet_credit', amount_cents: -refereeCents },
  ];
  await post(trx, {
    kind: 'referral.reward',
    key: `referral:${referral.id}:reward`,
    currency: ride.currency,
    city_id: ride.city_id,
    // Not the transaction's ride: the referrer's payment history and statement would show (and link to) a ride
    // that is not theirs. The qualifying ride is in the memo and on the referral.
    ride_id: null,
    memo: { referral_id: referral.id, ride_id: ride.id, program, referrer_id: referral.referrer_id, referee_id: refereeId, referrer_cents: referrerCents, referee_cents: refereeCents },
    entries,
  });
  return settle('rewarded', { rewarded_at: at, referrer_reward_cents: referrerCents, referee_reward_cents: refereeCents, currency: ride.currency });
}
