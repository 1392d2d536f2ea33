import type { ReferralProgram, ReferralProgramInput } from '@openride/shared/referrals/schemas';
import type { ReferralProgramView, ReferralPrograms } from '@openride/shared/referrals/views';
import { type Kysely, sql } from 'kysely';
import { recordAudit } from '../audit/record-audit';
import type { DB } from '../db/schema';
import { AppError } from '../lib/errors';
import { inTransaction } from '../lib/transaction';

const programRows = (db: Kysely<DB>) =>
  db
    .selectFrom('referral_programs as p')
    .leftJoin('user as u', 'u.id', 'p.updated_by')
    .select(['p.program', 'p.enabled', 'p.referrer_reward_cents', 'p.referee_reward_cents', 'p.rides_required', 'p.within_days', 'p.expiry_days', 'p.version', 'p.updated_at', 'u.name as updated_by_name'])
    .orderBy('p.program', 'desc');

const view = (r: Awaited<ReturnType<ReturnType<typeof programRows>['executeTakeFirstOrThrow']>>): ReferralProgramView => ({
  ...r,
  updated_at: r.updated_at ? new Date(r.updated_at).toISOString() : null,
  updated_by_name: r.updated_by_name ?? null,
});

/** GET /api/admin/referrals/programs: both programs, counts by status, and what rewards cost (the ledger's `referrals` account). */
export async function getReferralPrograms(db: Kysely<DB>): Promise<ReferralPrograms> {
  const [programs, counts, cost] = await Promise.all([
    programRows(db).execute(),
    db.selectFrom('referrals').select(['status', (eb) => eb.fn.countAll<string>().as('n')]).groupBy('status').execute(),
    sql<{ currency: string; cents: string }>`
      select a.currency, coalesce(sum(e.amount_cents), 0) as cents from ledger_entries e join ledger_accounts a on a.id = e.account_id
      where a.code = 'referrals' group by a.currency order by a.currency`.execute(db),
  ]);
  return {
    programs: programs.map(view),
    counts: Object.fromEntries(counts.map((c) => [c.status, Number(c.n)])),
    cost: cost.rows.map((r) => ({ currency: r.currency, cents: Number(r.cents) })),
  };
}

/**
 * PUT /api/admin/referrals/programs/:program: new settings, audited with what changed. The body names the
 * version it edited; another admin's save in between makes it a 409 (nothing changes). Referrals already
 * made keep their expiry; rewards use the settings in force when the referral qualifies.
 */
export async function updateReferralProgram(db: Kysely<DB>, adminId: string, program: ReferralProgram, input: ReferralProgramInput) {
  return inTransaction(db, async (trx) => {
    const before = await trx.selectFrom('referral_programs').selectAll().where('program', '=', program).forUpdate().executeTakeFirstOrThrow();
    if (before.version !== input.version) throw new AppError('CONFLICT', 'Another administrator changed this program meanwhile. Reload it and try again.');
    const { version: _version, ...next } = input;
    await trx
      .updateTable('referral_programs')
      .set({ ...next, version: before.version + 1, updated_by: adminId, updated_at: new Date() })
      .where('program', '=', program)
      .execute();
    const changed = (Object.keys(next) as (keyof typeof next)[]).filter((k) => before[k] !== next[k]);
    await recordAudit(trx, {
      actorId: adminId,
      action: 'referral_program.update',
      entityType: 'referral_program',
      entityId: program,
      before: Object.fromEntries(changed.map((k) => [k, before[k]])),
      after: Object.fromEntries(changed.map((k) => [k, next[k]])),
    });
    return view(await programRows(trx).where('p.program', '=', program).executeTakeFirstOrThrow());
  });
}
