import { REFERRAL_CLAIM_WINDOW_HOURS, type ReferralProgram } from '@openride/shared/referrals/schemas';
import type { MyReferrals } from '@openride/shared/referrals/views';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';
import { approvedDriverIdOf, cityOf, defaultProgramOf, ensureCode, programOf, recordDevice, ridesDone } from './referrals.repo';
import { displayStatus, shortName } from './referral-view';

/** How many of the people a person referred /referrals lists (newest first). */
const REFERRED_SHOWN = 100;

/**
 * GET /api/referrals/me (decision 0064): the caller's codes (the rider program's, and the driver program's
 * once approved to drive; made on first read), the people they referred with their progress, and the rewards
 * they earned as referrer or as the new person. Records the device the request came from.
 */
export async function getMyReferrals(db: Kysely<DB>, userId: string, deviceId?: string | null): Promise<MyReferrals> {
  await recordDevice(db, userId, deviceId);
  const programs: ReferralProgram[] = (await approvedDriverIdOf(db, userId)) ? ['rider', 'driver'] : ['rider'];
  const codes = await Promise.all(
    programs.map(async (program) => {
      // The offer shown is the caller's city's (where they first rode): their friends most likely ride there too.
      const cityId = await cityOf(db, program, userId);
      const [code, settings, fallback, city] = await Promise.all([
        ensureCode(db, userId, program),
        programOf(db, program, cityId),
        defaultProgramOf(db, program),
        cityId ? db.selectFrom('cities').select('currency').where('id', '=', cityId).executeTakeFirst() : undefined,
      ]);
      return {
        program,
        code,
        link_path: `/auth?ref=${code}`,
        enabled: settings.enabled,
        referrer_reward_cents: settings.referrer_reward_cents,
        referee_reward_cents: program === 'rider' ? settings.referee_reward_cents : 0,
        rides_required: program === 'rider' ? 1 : settings.rides_required,
        within_days: settings.within_days,
        expiry_days: fallback.expiry_days,
        currency: city?.currency ?? null,
      };
    }),
  );
  const rows = await db
    .selectFrom('referrals as r')
    .leftJoin('user as u', 'u.id', 'r.referee_id')
    .select([
      'r.id',
      'r.program',
      'r.status',
      'r.referee_id',
      'r.created_at',
      'r.expires_at',
      'r.rewarded_at',
      'r.referrer_reward_cents',
      'r.currency',
      'r.city_id',
      'u.name',
    ])
    .where('r.referrer_id', '=', userId)
    .orderBy('r.created_at', 'desc')
    .limit(REFERRED_SHOWN)
    .execute();
  const referred = await Promise.all(
    rows.map(async (r) => {
      // Measured with the referee's city's settings (decision 0069), the default until they first ride.
      const settings = await programOf(db, r.program, r.city_id ?? (await cityOf(db, r.program, r.referee_id)));
      const required = r.program === 'rider' ? 1 : settings.rides_required;
      const done = Math.min(required, await ridesDone(db, { program: r.program, referee_id: r.referee_id }, settings.within_days));
      return {
        id: r.id,
        name: shortName(r.name),
        program: r.program,
        status: displayStatus(r),
        rides_done: done,
        rides_required: required,
        created_at: new Date(r.created_at).toISOString(),
        expires_at: new Date(r.expires_at).toISOString(),
        rewarded_at: r.rewarded_at ? new Date(r.rewarded_at).toISOString() : null,
        reward_cents: r.referrer_reward_cents,
        currency: r.currency,
      };
    }),
  );
  const { rows: rewards } = await sql<{ currency: string; cents: string; count: string }>`
    select currency, sum(cents) as cents, count(*) as count from (
      select currency, referrer_reward_cents as cents from referrals where referrer_id = ${userId} and status = 'rewarded' and referrer_reward_cents > 0
      union all
      select currency, referee_reward_cents from referrals where referee_id = ${userId} and status = 'rewarded' and referee_reward_cents > 0
    ) x group by currency order by currency`.execute(db);
  const [user, claimed] = await Promise.all([
    db.selectFrom('user').select('createdAt').where('id', '=', userId).executeTakeFirstOrThrow(),
    db.selectFrom('referrals').select('id').where('referee_id', '=', userId).executeTakeFirst(),
  ]);
  return {
    codes,
    referred,
    rewards: rewards.map((r) => ({ currency: r.currency, cents: Number(r.cents), count: Number(r.count) })),
    can_claim: !claimed && Date.now() - new Date(user.createdAt).getTime() <= REFERRAL_CLAIM_WINDOW_HOURS * 3_600_000,
  };
}
