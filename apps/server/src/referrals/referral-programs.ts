import type { ReferralProgram, ReferralProgramInput } from '@openride/shared/referrals/schemas';
import type { ReferralProgramView, ReferralPrograms } from '@openride/shared/referrals/views';
import { type Kysely, sql } from 'kysely';
import { recordAudit } from '../audit/record-audit';
import type { DB } from '../db/schema';
import { AppError, badRequest, isUniqueViolation, notFound } from '../lib/errors';
import { inTransaction } from '../lib/transaction';

const programRows = (db: Kysely<DB>, cityId: string | null) => {
  const rows = db
    .selectFrom('referral_programs as p')
    .leftJoin('user as u', 'u.id', 'p.updated_by')
    .leftJoin('cities as c', 'c.id', 'p.city_id')
    .select([
      'p.program',
      'p.city_id',
      'c.currency',
      'p.enabled',
      'p.referrer_reward_cents',
      'p.referee_reward_cents',
      'p.rides_required',
      'p.within_days',
      'p.expiry_days',
      'p.version',
      'p.updated_at',
      'u.name as updated_by_name',
    ])
    .orderBy('p.program', 'desc');
  return cityId ? rows.where('p.city_id', '=', cityId) : rows.where('p.city_id', 'is', null);
};
type Row = Awaited<ReturnType<ReturnType<typeof programRows>['executeTakeFirstOrThrow']>>;

const view = (r: Row): ReferralProgramView => ({
  ...r,
  own: true,
  currency: r.currency ?? null,
  updated_at: r.updated_at ? new Date(r.updated_at).toISOString() : null,
  updated_by_name: r.updated_by_name ?? null,
});

async function cityOrThrow(db: Kysely<DB>, cityId: string) {
  const city = await db.selectFrom('cities').select(['id', 'currency']).where('id', '=', cityId).executeTakeFirst();
  if (!city) throw notFound('No such city');
  return city;
}

/** A scope's settings (decision 0069): the default's, a city's own, or — for a city without — the default's shown as the city's version 0. */
async function scopeViews(db: Kysely<DB>, cityId: string | null): Promise<ReferralProgramView[]> {
  const own = await programRows(db, cityId).execute();
  const defaults = cityId ? await programRows(db, null).execute() : [];
  const city = cityId ? await cityOrThrow(db, cityId) : null;
  return (['rider', 'driver'] as const).flatMap((program) => {
    const mine = own.find((r) => r.program === program);
    if (mine) return [view(mine)];
    const fallback = defaults.find((r) => r.program === program);
    if (!fallback || !city) return [];
    return [
      { ...view(fallback), city_id: city.id, own: false, currency: city.currency, expiry_days: null, version: 0, updated_at: null, updated_by_name: null },
    ];
  });
}

/** GET /api/admin/referral-programs[?city=ID]: a scope's two programs, counts by status, what rewards cost (the ledger's `referrals` account), and the cities. */
export async function getReferralPrograms(db: Kysely<DB>, cityId: string | null): Promise<ReferralPrograms> {
  const [programs, counts, cost, cities] = await Promise.all([
    scopeViews(db, cityId),
    db
      .selectFrom('referrals')
      .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
      .groupBy('status')
      .execute(),
    sql<{ currency: string; cents: string }>`
      select a.currency, coalesce(sum(e.amount_cents), 0) as cents from ledger_entries e join ledger_accounts a on a.id = e.account_id
      where a.code = 'referrals' group by a.currency order by a.currency`.execute(db),
    db.selectFrom('cities').select(['id', 'name', 'currency']).orderBy('name').execute(),
  ]);
  return {
    programs,
    counts: Object.fromEntries(counts.map((c) => [c.status, Number(c.n)])),
    cost: cost.rows.map((r) => ({ currency: r.currency, cents: Number(r.cents) })),
    cities,
  };
}

/**
 * PUT /api/admin/referral-programs/:program[?city=ID]: new settings, audited with what changed. The body names
 * the version it edited; another admin's save in between makes it a 409 (nothing changes). A city's first save
 * (version 0) gives it settings of its own; two first saves at once: the unique index lets one through.
 * The expiry is the default's only (it is set at the claim, before the city is known). Referrals already made
 * keep their expiry; rewards use the settings in force when the referral qualifies.
 */
export async function updateReferralProgram(db: Kysely<DB>, adminId: string, program: ReferralProgram, cityId: string | null, input: ReferralProgramInput) {
  if (cityId && input.expiry_days !== undefined) throw badRequest('A city has no expiry of its own: the expiry is set at sign-up, from the default settings.');
  if (!cityId && input.expiry_days === undefined) throw badRequest('The default settings need an expiry (days).');
  const stale = () => new AppError('CONFLICT', 'Another administrator changed this program meanwhile. Reload it and try again.');
  return inTransaction(db, async (trx) => {
    if (cityId) await cityOrThrow(trx, cityId);
    const scoped = trx.selectFrom('referral_programs').selectAll().where('program', '=', program);
    const before = await (cityId ? scoped.where('city_id', '=', cityId) : scoped.where('city_id', 'is', null)).forUpdate().executeTakeFirst();
    const { version: _version, ...next } = input;
    if ((before?.version ?? 0) !== input.version) throw stale();
    if (before) {
      const update = trx
        .updateTable('referral_programs')
        .set({ ...next, version: before.version + 1, updated_by: adminId, updated_at: new Date() })
        .where('program', '=', program);
      await (cityId ? update.where('city_id', '=', cityId) : update.where('city_id', 'is', null)).execute();
    } else {
      try {
        await trx
          .insertInto('referral_programs')
          .values({ program, city_id: cityId, ...next, expiry_days: null, version: 1, updated_by: adminId, updated_at: new Date() })
          .execute();
      } catch (err) {
        if (isUniqueViolation(err, 'referral_programs_scope_key')) throw stale();
        throw err;
      }
    }
    const keys = Object.keys(next) as (keyof typeof next)[];
    const changed = before ? keys.filter((k) => before[k] !== next[k]) : keys;
    await recordAudit(trx, {
      actorId: adminId,
      action: 'referral_program.update',
      entityType: 'referral_program',
      entityId: cityId ? `${program}:${cityId}` : program,
      before: before ? Object.fromEntries(changed.map((k) => [k, before[k]])) : null,
      after: Object.fromEntries(changed.map((k) => [k, next[k]])),
      // A city's settings are that city's; the default settings are of no city.
      cityId,
    });
    return view(await programRows(trx, cityId).where('p.program', '=', program).executeTakeFirstOrThrow());
  });
}
