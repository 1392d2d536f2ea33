import type { ReferralReview, ReviewReferralInput } from '@openride/shared/referrals/schemas';
import type { AdminReferral } from '@openride/shared/referrals/views';
import { isUuid } from '@openride/shared/text';
import type { Kysely } from 'kysely';
import { recordAudit } from '../audit/record-audit';
import type { DB } from '../db/schema';
import { domainError, notFound } from '../lib/errors';
import { inTransaction } from '../lib/transaction';
import { getReferralForAdmin } from './list-referrals';
import { payReferralReward, type Referral, type ReferralOutcome, settleReferral } from './pay-referral-reward';
import { cityOf, programOf, qualifyingRide } from './referrals.repo';
import type { Ports } from '../ports';

/**
 * POST /api/admin/referrals/:id/approve | /reject (decision 0069): an admin decides on a flagged referral, with a
 * note; audited. Only a flagged referral, and only once: the row is locked and moved out of `flagged` by a
 * conditional update, so of two admins deciding at once the second waits, then finds it decided (409).
 *
 * - **Reject**: never paid (`rejected`).
 * - **Approve**: if the referee's rides already met the condition before the referral expired, the reward is
 *   paid now, in this transaction, under the same ledger key as the completion's (`referral:<id>:reward`), so it
 *   can never be paid twice; otherwise the referral is `pending` again (the completion that meets the condition
 *   pays it, without asking the fraud rules again), or `expired` when its time is over.
 */
export async function reviewReferral(
  services: Pick<Ports, 'db' | 'bus' | 'push'>,
  adminId: string,
  referralId: string,
  decision: ReferralReview,
  input: ReviewReferralInput,
): Promise<AdminReferral> {
  const { db } = services;
  if (!isUuid(referralId)) throw notFound('Referral not found');
  const outcome = await inTransaction(db, async (trx) => {
    const referral = await trx.selectFrom('referrals').selectAll().where('id', '=', referralId).forUpdate().executeTakeFirst();
    if (!referral) throw notFound('Referral not found');
    if (referral.review) throw domainError('REFERRAL_ALREADY_REVIEWED');
    if (referral.status !== 'flagged') throw domainError('REFERRAL_NOT_FLAGGED');
    const review = { review: decision, reviewed_by: adminId, reviewed_at: new Date(), review_note: input.note };

    let result: ReferralOutcome;
    if (decision === 'rejected') {
      result = (await settleReferral(trx, referral, 'flagged', 'rejected', review)).outcome;
    } else {
      result = await approve(trx, services, referral, { ...review, review: 'approved' });
    }
    await recordAudit(trx, {
      actorId: adminId,
      action: decision === 'approved' ? 'referral.approve' : 'referral.reject',
      entityType: 'referral',
      entityId: referral.id,
      before: { status: referral.status, flag_reason: referral.flag_reason },
      after: { status: result.status, review: decision },
      reason: input.note,
    });
    return result;
  });
  for (const n of outcome.notifications) await n.publish();
  return getReferralForAdmin(db, referralId);
}

async function approve(
  trx: Kysely<DB>,
  services: Pick<Ports, 'bus' | 'push'>,
  referral: Referral,
  review: { review: 'approved'; reviewed_by: string; reviewed_at: Date; review_note: string },
) {
  const cityId = await cityOf(trx, referral.program, referral.referee_id);
  const settings = await programOf(trx, referral.program, cityId);
  const ride = await qualifyingRide(trx, referral, settings);
  if (ride && cityId && new Date(ride.completed_at).getTime() <= new Date(referral.expires_at).getTime()) {
    return payReferralReward(trx, services, referral, 'flagged', ride, cityId, review);
  }
  const expired = Date.now() > new Date(referral.expires_at).getTime();
  return (await settleReferral(trx, referral, 'flagged', expired ? 'expired' : 'pending', review)).outcome;
}
