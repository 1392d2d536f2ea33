import { REFERRAL_MACHINE } from '@openride/shared/referrals/referral-state';
import { referralsText } from '@openride/shared/referrals/referrals-text';
import type { ReferralFlag, ReferralProgram, ReferralReview, ReferralStatus } from '@openride/shared/referrals/schemas';
import type { Kysely, Selectable } from 'kysely';
import type { DB, ReferralsTable } from '../db/schema';
import { type AccountRef, post, type Posting } from '../ledger/ledger';
import { createNotification, type NotificationDeps } from '../notifications/create-notification';
import { approvedDriverIdOf, programOf } from './referrals.repo';
import { shortName } from './referral-view';
import { move } from '../lib/move';

export type Referral = Selectable<ReferralsTable>;
type PendingNotification = Awaited<ReturnType<typeof createNotification>>;

export type ReferralOutcome = { referral_id: string; program: ReferralProgram; status: ReferralStatus; notifications: PendingNotification[] };
type Review = Partial<{ review: ReferralReview; reviewed_by: string; reviewed_at: Date; review_note: string }>;

type Settle = Partial<{
  flag_reason: ReferralFlag;
  qualified_at: Date;
  ride_id: string;
  rewarded_at: Date;
  referrer_reward_cents: number;
  referee_reward_cents: number;
  currency: string;
  city_id: string;
}>;

/**
 * Moves a referral out of `from` (a conditional update: a racing transaction that already moved it changes
 * nothing) and says what it became.
 */
export async function settleReferral(trx: Kysely<DB>, referral: Referral, from: ReferralStatus, status: ReferralStatus, set: Settle & Review = {}) {
  // A pending referral moves at its qualifying ride (the system's moves); a flagged one at an admin's review.
  const moved = await move(trx, REFERRAL_MACHINE, {
    table: 'referrals',
    id: referral.id,
    to: status,
    actor: from === 'flagged' ? 'admin' : 'system',
    set,
    where: (eb) => eb('status', '=', from),
  });
  return {
    moved: moved !== undefined,
    outcome: { referral_id: referral.id, program: referral.program, status, notifications: [] as PendingNotification[] },
  };
}

/**
 * Pays a referral whose condition was met by `ride` (decision 0064, per city since 0069): the settings and
 * currency are the referee's city's (`cityId`: where they first rode). One ledger transaction under the key
 * `referral:<id>:reward` — the completion and an admin's approval use the same key, so whichever comes second
 * posts nothing — and, in the same transaction, the notifications of the people paid (kind payment, opening
 * /referrals; a push obeys their Payments preference). Returns the outcome; `from` is the status the referral
 * is moved out of (pending at a completion, flagged at an approval).
 */
export async function payReferralReward(
  trx: Kysely<DB>,
  deps: NotificationDeps,
  referral: Referral,
  from: ReferralStatus,
  ride: { id: string; completed_at: Date | string },
  cityId: string,
  review: Review = {},
): Promise<ReferralOutcome> {
  const program = referral.program;
  const settings = await programOf(trx, program, cityId);
  const city = await trx.selectFrom('cities').select('currency').where('id', '=', cityId).executeTakeFirstOrThrow();
  const at = new Date();
  const qualified = { qualified_at: new Date(ride.completed_at), ride_id: ride.id, city_id: cityId, ...review };
  const referrerCents = settings.enabled ? settings.referrer_reward_cents : 0;
  const refereeCents = settings.enabled && program === 'rider' ? settings.referee_reward_cents : 0;
  if (referrerCents + refereeCents === 0) return (await settleReferral(trx, referral, from, 'qualified', qualified)).outcome;

  // Moved first: a racing payment of the same referral moves nothing and stops here.
  const settled = await settleReferral(trx, referral, from, 'rewarded', {
    ...qualified,
    rewarded_at: at,
    referrer_reward_cents: referrerCents,
    referee_reward_cents: refereeCents,
    currency: city.currency,
  });
  if (!settled.moved) return { ...settled.outcome, status: from };

  // The rider program credits both wallets; the driver program the referrer's driver account (payable with
  // payouts), or their wallet if they drive no more.
  const referrerDriver = program === 'driver' ? await approvedDriverIdOf(trx, referral.referrer_id) : null;
  const referrerAccount: AccountRef = referrerDriver ? { code: 'driver', owner: referrerDriver.id } : { code: 'rider_wallet', owner: referral.referrer_id };
  const line = (account: AccountRef) => (account.code === 'rider_wallet' ? 'wallet_credit' : 'referral_reward');
  const entries: Posting[] = [
    { account: { code: 'referrals' }, line: 'referral_reward', amount_cents: referrerCents + refereeCents },
    { account: referrerAccount, line: line(referrerAccount), amount_cents: -referrerCents },
    { account: { code: 'rider_wallet', owner: referral.referee_id }, line: 'wallet_credit', amount_cents: -refereeCents },
  ];
  const posted = await post(trx, {
    kind: 'referral.reward',
    key: `referral:${referral.id}:reward`,
    currency: city.currency,
    city_id: cityId,
    // Not the transaction's ride: the referrer's payment history and statement would show (and link to) a ride
    // that is not theirs. The qualifying ride is in the memo and on the referral.
    ride_id: null,
    memo: {
      referral_id: referral.id,
      ride_id: ride.id,
      program,
      referrer_id: referral.referrer_id,
      referee_id: referral.referee_id,
      referrer_cents: referrerCents,
      referee_cents: refereeCents,
      ...(review.review ? { approved_by: review.reviewed_by } : {}),
    },
    entries,
  });
  if (!posted.posted) return settled.outcome;

  const friend = shortName((await trx.selectFrom('user').select('name').where('id', '=', referral.referee_id).executeTakeFirst())?.name ?? null);
  const notices = [];
  if (referrerCents > 0) {
    const notice =
      program === 'rider'
        ? referralsText.notice.referrerCredit(referrerCents, city.currency, friend)
        : referrerDriver
          ? referralsText.notice.driverBonus(referrerCents, city.currency, friend)
          : referralsText.notice.bonusToWallet(referrerCents, city.currency, friend);
    notices.push({ user_id: referral.referrer_id, ...notice });
  }
  if (refereeCents > 0) notices.push({ user_id: referral.referee_id, ...referralsText.notice.refereeCredit(refereeCents, city.currency) });
  for (const n of notices)
    settled.outcome.notifications.push(await createNotification(trx, deps, { ...n, booking_id: null, kind: 'payment', link: '/referrals' }));
  return settled.outcome;
}
