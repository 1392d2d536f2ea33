import type { adminReferralsQuerySchema } from '@openride/shared/referrals/schemas';
import type { AdminReferral } from '@openride/shared/referrals/views';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../db/schema';
import type { CsvColumn } from '../lib/csv';
import { containsPattern, keysetPage, type KeysetSpec } from '../lib/keyset';
import { displayStatus } from './referral-view';
import { type CityScope, cityCondition } from '../roles/city-scope';

type Query = z.output<typeof adminReferralsQuerySchema>;

const spec: KeysetSpec<Query['sort']> = {
  sorts: { created_at: { expr: 'r.created_at', type: 'timestamptz' } },
  id: { ref: 'r.id', type: 'uuid' },
};

const referralRows = (db: Kysely<DB>) =>
  db
    .selectFrom('referrals as r')
    .leftJoin('user as a', 'a.id', 'r.referrer_id')
    .leftJoin('user as b', 'b.id', 'r.referee_id')
    .leftJoin('user as v', 'v.id', 'r.reviewed_by')
    .select([
      'r.id',
      'r.program',
      'r.status',
      'r.flag_reason',
      'r.code',
      'r.referrer_id',
      'a.name as referrer_name',
      'r.referee_id',
      'b.name as referee_name',
      'r.created_at',
      'r.expires_at',
      'r.rewarded_at',
      'r.ride_id',
      'r.referrer_reward_cents',
      'r.referee_reward_cents',
      'r.currency',
      'r.city_id',
      'r.review',
      'r.review_note',
      'r.reviewed_at',
      'v.name as reviewed_by_name',
    ]);
type Row = Awaited<ReturnType<ReturnType<typeof referralRows>['executeTakeFirstOrThrow']>>;

const adminView = (r: Row): AdminReferral => ({
  ...r,
  status: displayStatus(r),
  referrer_name: r.referrer_name ?? null,
  referee_name: r.referee_name ?? null,
  reviewed_by_name: r.reviewed_by_name ?? null,
  created_at: new Date(r.created_at).toISOString(),
  expires_at: new Date(r.expires_at).toISOString(),
  rewarded_at: r.rewarded_at ? new Date(r.rewarded_at).toISOString() : null,
  reviewed_at: r.reviewed_at ? new Date(r.reviewed_at).toISOString() : null,
});

/** One referral as the admins' list shows it (after a review). */
export async function getReferralForAdmin(db: Kysely<DB>, id: string) {
  return adminView(await referralRows(db).where('r.id', '=', id).executeTakeFirstOrThrow());
}

/** GET /api/admin/referrals: every referral, newest first; filtered by status, program, flagged; search by either name or email or the code. */
export async function listReferrals(db: Kysely<DB>, query: Query, scope: CityScope = null) {
  let rows = referralRows(db);
  const inCities = cityCondition('r.city_id', scope);
  if (inCities) rows = rows.where(inCities);
  if (query.status === 'expired')
    rows = rows.where((eb) => eb.or([eb('r.status', '=', 'expired'), eb.and([eb('r.status', '=', 'pending'), eb('r.expires_at', '<', new Date())])]));
  else if (query.status === 'pending') rows = rows.where('r.status', '=', 'pending').where('r.expires_at', '>=', new Date());
  else if (query.status) rows = rows.where('r.status', '=', query.status);
  if (query.flagged === 'yes') rows = rows.where('r.status', '=', 'flagged');
  if (query.program) rows = rows.where('r.program', '=', query.program);
  if (query.q) {
    const like = containsPattern(query.q);
    rows = rows.where((eb) =>
      eb.or([
        eb('a.name', 'ilike', like),
        eb('a.email', 'ilike', like),
        eb('b.name', 'ilike', like),
        eb('b.email', 'ilike', like),
        eb('r.code', '=', query.q!.toUpperCase()),
      ]),
    );
  }
  const page = await keysetPage(db, rows, spec, query);
  return { ...page, items: page.items.map(adminView) };
}

export const REFERRALS_CSV: CsvColumn<AdminReferral>[] = [
  { header: 'Created', value: (r) => r.created_at },
  { header: 'Program', value: (r) => r.program },
  { header: 'Status', value: (r) => r.status },
  { header: 'Flag', value: (r) => r.flag_reason },
  { header: 'Code', value: (r) => r.code },
  { header: 'Referrer', value: (r) => r.referrer_name },
  { header: 'Referee', value: (r) => r.referee_name },
  { header: 'Expires', value: (r) => r.expires_at },
  { header: 'Rewarded', value: (r) => r.rewarded_at },
  { header: 'Referrer reward (cents)', value: (r) => r.referrer_reward_cents },
  { header: 'Referee reward (cents)', value: (r) => r.referee_reward_cents },
  { header: 'Currency', value: (r) => r.currency },
  { header: 'City', value: (r) => r.city_id },
  { header: 'Review', value: (r) => r.review },
  { header: 'Reviewed by', value: (r) => r.reviewed_by_name },
  { header: 'Review note', value: (r) => r.review_note },
];
