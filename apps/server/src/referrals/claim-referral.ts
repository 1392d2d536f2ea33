import { REFERRAL_CLAIM_WINDOW_HOURS, type claimReferralSchema } from '@openride/shared/referrals/schemas';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../db/schema';
import { domainError, isUniqueViolation, notFound } from '../lib/errors';
import { inTransaction } from '../lib/transaction';
import { defaultProgramOf, fraudFlag, recordDevice, ridesDone } from './referrals.repo';

/**
 * POST /api/referrals/claim (decision 0064): the new account names who referred it. The code decides the
 * program. Refused: one's own code, a second claim (one referral per person, ever — a unique index), an
 * account older than the claim window or that already rode in that program, a program switched off. A phone,
 * card or device shared with the referrer does not refuse the claim (that would tell a fraudster which rule
 * they hit): the referral is kept, flagged, and never paid.
 */
export async function claimReferral(db: Kysely<DB>, userId: string, input: z.output<typeof claimReferralSchema>, deviceId?: string | null) {
  await recordDevice(db, userId, deviceId);
  const owner = await db.selectFrom('referral_codes').select(['user_id', 'program', 'code']).where('code', '=', input.code).executeTakeFirst();
  if (!owner) throw notFound('No referral code like that. Check the code and try again.');
  if (owner.user_id === userId) throw domainError('REFERRAL_SELF');
  return inTransaction(db, async (trx) => {
    if (await trx.selectFrom('referrals').select('id').where('referee_id', '=', userId).executeTakeFirst()) throw domainError('REFERRAL_ALREADY_CLAIMED');
    const user = await trx.selectFrom('user').select('createdAt').where('id', '=', userId).executeTakeFirstOrThrow();
    if (Date.now() - new Date(user.createdAt).getTime() > REFERRAL_CLAIM_WINDOW_HOURS * 3_600_000) throw domainError('REFERRAL_CLAIM_CLOSED');
    // The new person's city is not known before their first ride: the claim is the default settings' (decision 0069).
    const program = await defaultProgramOf(trx, owner.program);
    if (!program.enabled) throw domainError('REFERRAL_CLAIM_CLOSED', 'This referral program is not running at the moment.');
    if ((await ridesDone(trx, { program: owner.program, referee_id: userId }, program.within_days)) > 0) throw domainError('REFERRAL_CLAIM_CLOSED');
    const flag = await fraudFlag(trx, owner.user_id, userId);
    try {
      const referral = await trx
        .insertInto('referrals')
        .values({
          program: owner.program,
          code: owner.code,
          referrer_id: owner.user_id,
          referee_id: userId,
          status: flag ? 'flagged' : 'pending',
          flag_reason: flag,
          expires_at: new Date(Date.now() + program.expiry_days * 86_400_000),
        })
        .returning(['id', 'program', 'status', 'expires_at'])
        .executeTakeFirstOrThrow();
      return { id: referral.id, program: referral.program, status: referral.status, expires_at: new Date(referral.expires_at).toISOString() };
    } catch (err) {
      // Two claims at once: the unique index lets one through.
      if (isUniqueViolation(err, 'referrals_referee_id_key')) throw domainError('REFERRAL_ALREADY_CLAIMED');
      throw err;
    }
  });
}
