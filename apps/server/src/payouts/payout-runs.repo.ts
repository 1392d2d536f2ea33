import type { PayoutRun } from '@openride/shared/payouts/views';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';
import { AppError } from '../lib/errors';
import { type CityScope, cityCondition } from '../roles/city-scope';

export const conflict = (message: string) => new AppError('CONFLICT', message);

/** Ours, for the bank transfer's description: short enough for any bank's reference field. */
export const itemReference = (runId: string, driverId: string) => `OR-${runId.slice(0, 8)}-${driverId.slice(0, 8)}`.toUpperCase();

/**
 * Every driver of the city owed at least `minimum` now (their account's balance ≤ −minimum), with what they
 * are owed. A driver belongs to the city of the latest transaction on their account.
 */
export async function driversOwed(db: Kysely<DB>, cityId: string, currency: string, minimum: number) {
  const { rows } = await sql<{ driver_id: string; owed: string }>`
    with bal as (
      select a.owner_id as driver_id, sum(e.amount_cents) as balance
      from ledger_accounts a join ledger_entries e on e.account_id = a.id
      where a.code = 'driver' and a.currency = ${currency}
      group by a.owner_id
    ), home as (
      select distinct on (a.owner_id) a.owner_id as driver_id, t.city_id
      from ledger_accounts a
      join ledger_entries e on e.account_id = a.id
      join ledger_transactions t on t.id = e.transaction_id
      where a.code = 'driver' and a.currency = ${currency} and t.city_id is not null
      order by a.owner_id, t.created_at desc
    )
    select bal.driver_id, -bal.balance as owed
    from bal join home on home.driver_id = bal.driver_id
    where home.city_id = ${cityId} and bal.balance < 0 and -bal.balance >= ${minimum}
    order by bal.driver_id`.execute(db);
  return rows.map((r) => ({ driver_id: r.driver_id, owed_cents: Number(r.owed) }));
}

/** A preview's items: every driver owed at least the run's minimum, at what they are owed now. */
export async function fillPreview(trx: Kysely<DB>, run: { id: string; city_id: string; currency: string; minimum_payout_cents: number }) {
  const owed = await driversOwed(trx, run.city_id, run.currency, run.minimum_payout_cents);
  if (owed.length === 0) return 0;
  await trx
    .insertInto('payout_items')
    .values(owed.map((o) => ({ run_id: run.id, driver_id: o.driver_id, amount_cents: o.owed_cents, reference: itemReference(run.id, o.driver_id) })))
    .execute();
  return owed.length;
}

/** Runs with their items and the names of who made and approved them, newest first. */
export async function loadRuns(db: Kysely<DB>, filter: { id?: string; city?: string; limit?: number }, scope: CityScope = null): Promise<PayoutRun[]> {
  let q = db
    .selectFrom('payout_runs as r')
    .innerJoin('cities as c', 'c.id', 'r.city_id')
    .leftJoin('user as cu', 'cu.id', 'r.created_by')
    .leftJoin('user as au', 'au.id', 'r.approved_by')
    .select([
      'r.id',
      'r.city_id',
      'c.name as city_name',
      'r.currency',
      'r.status',
      sql<string | null>`to_char(r.scheduled_for, 'YYYY-MM-DD')`.as('scheduled_for'),
      'r.minimum_payout_cents',
      'r.created_at',
      'r.created_by',
      'cu.name as created_by_name',
      'r.approved_at',
      'au.name as approved_by_name',
    ])
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(filter.limit ?? 50);
  const inCities = cityCondition('r.city_id', scope);
  if (inCities) q = q.where(inCities);
  if (filter.id) q = q.where('r.id', '=', filter.id);
  if (filter.city) q = q.where('r.city_id', '=', filter.city);
  const runs = await q.execute();
  if (runs.length === 0) return [];
  const items = await db
    .selectFrom('payout_items as i')
    .innerJoin('drivers as d', 'd.id', 'i.driver_id')
    .select([
      'i.id',
      'i.run_id',
      'i.driver_id',
      'd.full_name as driver_name',
      'i.amount_cents',
      'i.status',
      'i.reference',
      'i.bank_reference',
      'i.failure_reason',
    ])
    .where(
      'i.run_id',
      'in',
      runs.map((r) => r.id),
    )
    .orderBy('d.full_name')
    .orderBy('i.id')
    .execute();
  return runs.map((r) => {
    const mine = items.filter((i) => i.run_id === r.id).map(({ run_id: _run, ...i }) => ({ ...i, amount_cents: Number(i.amount_cents) }));
    const counted = mine.filter((i) => i.status === 'preview' || i.status === 'pending' || i.status === 'paid');
    return {
      id: r.id,
      city_id: r.city_id,
      city_name: r.city_name,
      currency: r.currency,
      status: r.status,
      scheduled_for: r.scheduled_for,
      minimum_payout_cents: r.minimum_payout_cents,
      created_at: new Date(r.created_at).toISOString(),
      // Null: made by the schedule.
      created_by_name: r.created_by ? (r.created_by_name ?? null) : null,
      approved_at: r.approved_at ? new Date(r.approved_at).toISOString() : null,
      approved_by_name: r.approved_by_name ?? null,
      total_cents: counted.reduce((s, i) => s + i.amount_cents, 0),
      items: mine,
    };
  });
}

export async function loadRun(db: Kysely<DB>, id: string) {
  const [run] = await loadRuns(db, { id, limit: 1 });
  return run;
}
