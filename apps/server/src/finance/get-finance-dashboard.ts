import { financeText } from '@openride/shared/finance/finance-text';
import { AGING_BUCKETS, type AgingBucket, bucketOf, computeFigures, FIGURE_KEYS, type FigureKey, openDebits, share } from '@openride/shared/finance/figures';
import type { financeDashboardQuerySchema } from '@openride/shared/finance/schemas';
import type { FinanceDashboard } from '@openride/shared/finance/views';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { z } from 'zod';
import { isUuid } from '@openride/shared/text';
import type { DB } from '../db/schema';
import { trialBalance } from '../ledger/ledger';
import { notFound } from '../lib/errors';

type Query = z.output<typeof financeDashboardQuerySchema>;

/** Every calendar day from `from` to `to` inclusive, as YYYY-MM-DD. */
function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/** The range's bounds as instants: local midnight of `from`, local midnight after `to`, in `tz`. */
export const rangeBounds = (from: string, to: string, tz: string) => ({
  start: sql<Date>`(${from}::date)::timestamp at time zone ${tz}`,
  end: sql<Date>`((${to}::date) + 1)::timestamp at time zone ${tz}`,
});

/**
 * /financial-dashboard (decision 0041). Every figure is a signed sum of ledger entries (FIGURES): ONE grouped
 * query sums the city's entries of the range by local day, account code and line (it walks the entries'
 * (line, created_at) index … by time), and the figures are added up from its rows. Drivers' balances by age
 * are two more queries over the driver accounts in the city's currency (first in, first out); the trial
 * balance is the whole ledger's.
 */
export async function getFinanceDashboard(db: Kysely<DB>, q: Query, now = new Date()): Promise<FinanceDashboard> {
  const cities = await db.selectFrom('cities').select(['id', 'name', 'currency', 'timezone']).orderBy('name').execute();
  const city = cities.find((c) => c.id === q.city);
  if (!city) throw notFound(financeText.errors.cityNotFound);
  const currency = city.currency.trim();
  const { start, end } = rangeBounds(q.from, q.to, q.tz);

  const [grouped, rides, tb, aging, companies] = await Promise.all([
    // Summed per account first, then named by code (300 drivers' rows, not every entry, meet ledger_accounts);
    // the transactions' own range narrows them by their created_at index (an entry is dated with its transaction).
    sql<{ day: string; code: string; line: string; cents: string }>`
      select to_char(g.day, 'YYYY-MM-DD') as day, a.code, g.line, sum(g.cents) as cents
      from (
        select (e.created_at at time zone ${q.tz})::date as day, e.account_id, e.line, sum(e.amount_cents) as cents
        from ledger_transactions t
        join ledger_entries e on e.transaction_id = t.id
        where t.created_at >= ${start} and t.created_at < ${end} and e.created_at >= ${start} and e.created_at < ${end}
          and t.city_id = ${city.id} and t.currency = ${currency}
        group by 1, 2, 3
      ) g
      join ledger_accounts a on a.id = g.account_id
      group by 1, 2, 3`.execute(db),
    sql<{ n: string }>`
      select count(*) - 2 * count(*) filter (where t.kind = 'reversal') as n from ledger_transactions t
      where t.created_at >= ${start} and t.created_at < ${end} and t.city_id = ${city.id}
        and (t.kind = 'ride.completed' or (t.kind = 'reversal' and exists (select 1 from ledger_transactions o where o.id = t.reverses_id and o.kind = 'ride.completed')))`.execute(
      db,
    ),
    trialBalance(db),
    driverAging(db, currency, now),
    // What the city's companies owe now (decision 0070): their `company` accounts' balance — rides not yet paid, invoiced or not.
    sql<{ cents: string }>`
      select coalesce(sum(e.amount_cents), 0) as cents from ledger_entries e join ledger_accounts a on a.id = e.account_id
      where a.code = 'company' and a.currency = ${currency} and a.owner_id in (select c.id::text from companies c where c.city_id = ${city.id})`.execute(db),
  ]);

  const { totals, byDay } = computeFigures(grouped.rows.map((r) => ({ day: r.day, code: r.code, line: r.line, cents: Number(r.cents) })));
  const zero = () => Object.fromEntries(FIGURE_KEYS.map((k) => [k, 0])) as Record<FigureKey, number>;
  return {
    city: { id: city.id, name: city.name, currency, time_zone: city.timezone || 'UTC' },
    cities: cities.map((c) => ({ id: c.id, name: c.name })),
    from: q.from,
    to: q.to,
    tz: q.tz,
    currency,
    figures: totals,
    take_rate: share(totals.net_revenue, totals.gmv),
    refund_share: share(totals.refunds, totals.gmv),
    // A reversed completion counts -1 against its original (+1): the rides whose completion still stands.
    completed_rides: Math.max(0, Number(rides.rows[0]?.n ?? 0)),
    days: daysBetween(q.from, q.to).map((day) => ({ day, ...(byDay.get(day) ?? zero()) })),
    aging,
    companies_owe_cents: Number(companies.rows[0]?.cents ?? 0),
    trial_balance: tb,
  };
}

/** `as_of` as an instant for SQL (`infinity` when not given: the ledger as it stands). */
export const asOfSql = (asOf: string | undefined) => sql<Date>`${asOf ?? 'infinity'}::timestamptz`;

/**
 * Whole days from an entry's time to `asOf` (a debt from earlier today is 0 days old: current), counted by the
 * database for the dashboard's aging and its drill-down alike, so both put an entry in the same bucket.
 */
export const ageDaysSql = (asOf: RawBuilder<Date>, createdAt: RawBuilder<unknown>) => sql<number>`floor(extract(epoch from (${asOf} - ${createdAt})) / 86400)`;

/**
 * The drill-down of drivers' balances (`standing`, `aging`; decision 0044): a condition on `ledger_entries`.
 * Each driver account's sums are taken over its entries up to `as_of`. FIFO (decision 0040) makes the open
 * part of an owing balance B the newest debits adding up to B, so the part at least k days old is
 * max(0, X(k)), where X(k) = B − debits younger than k days = the sum of the entries k days old or older and
 * of every credit. A bucket [min, max] is then max(0, X(min)) − max(0, X(max + 1)): when X(max + 1) > 0 the
 * account's debits of that age (all open); else, when X(min) > 0, the entries that make X(min) (the bucket
 * holds the oldest open debt, partly paid by those credits); else nothing. Each case is a set of entries, so
 * the entries listed add up to the bucket exactly.
 */
export function driverBalanceFilter(q: { standing?: 'owing' | 'owed'; aging?: AgingBucket; as_of?: string }) {
  const asOf = asOfSql(q.as_of);
  const age = (table: string) => ageDaysSql(asOf, sql.ref(`${table}.created_at`));
  const bucket = q.aging ? AGING_BUCKETS.find((b) => b.key === q.aging)! : null;
  const beyond = bucket && Number.isFinite(bucket.max) ? sql`e.amount_cents < 0 or ${age('e')} > ${bucket.max}` : sql`e.amount_cents < 0`;
  const accounts = sql`
    select e.account_id, sum(e.amount_cents) as balance,
      coalesce(sum(e.amount_cents) filter (where e.amount_cents < 0 or ${age('e')} >= ${bucket?.min ?? 0}), 0) as open_from_min,
      coalesce(sum(e.amount_cents) filter (where ${beyond}), 0) as open_beyond_max
    from ledger_entries e join ledger_accounts a on a.id = e.account_id
    where a.code = 'driver' and e.created_at <= ${asOf}
    group by e.account_id`;
  const entry = 'ledger_entries';
  const inBucket = bucket
    ? sql`and ((s.open_beyond_max > 0 and ${sql.ref(`${entry}.amount_cents`)} > 0 and ${age(entry)} between ${bucket.min} and ${Number.isFinite(bucket.max) ? bucket.max : 2_147_483_647})
        or (s.open_beyond_max <= 0 and s.open_from_min > 0 and (${sql.ref(`${entry}.amount_cents`)} < 0 or ${age(entry)} >= ${bucket.min})))`
    : sql``;
  const sign = q.standing === 'owed' ? sql`s.balance < 0` : sql`s.balance > 0`;
  return sql<boolean>`exists (select 1 from (${accounts}) s where s.account_id = ${sql.ref(`${entry}.account_id`)} and ${sign} ${inBucket})`;
}

/**
 * What drivers owe in `currency`, by age: each driver account with a positive balance (debit: the driver owes
 * the platform) is made of its newest debits that add up to it (FIFO); each open part is aged from its
 * entry to `asOf`. Also the total the platform owes drivers (negative balances). One query answers every
 * driver account's balance and, for the owing ones, the debits that can still be open (newest first, while
 * their running sum has not yet covered the balance); the names of the 20 shown are read after.
 */
async function driverAging(db: Kysely<DB>, currency: string, asOf: Date): Promise<FinanceDashboard['aging']> {
  // The ledger as it stood at `asOf` (an entry posted while this runs waits for the next look), so the
  // drill-down, given the same `as_of`, lists entries that add up to these figures.
  const at = asOfSql(asOf.toISOString());
  const rows = await sql<{ account_id: string; owner_id: string; balance: string; age_days: string | null; cents: string | null }>`
    with bal as (
      select a.id as account_id, a.owner_id, sum(e.amount_cents) as balance
      from ledger_accounts a join ledger_entries e on e.account_id = a.id
      where a.code = 'driver' and a.currency = ${currency} and e.created_at <= ${at}
      group by a.id, a.owner_id
      having sum(e.amount_cents) <> 0
    ), ranked as (
      select e.account_id, e.created_at, e.amount_cents, b.balance, ${ageDaysSql(at, sql.ref('e.created_at'))} as age_days,
        sum(e.amount_cents) over (partition by e.account_id order by e.created_at desc, e.id desc) as running
      from ledger_entries e join bal b on b.account_id = e.account_id
      where b.balance > 0 and e.amount_cents > 0 and e.created_at <= ${at}
    )
    select b.account_id, b.owner_id, b.balance, r.age_days, r.amount_cents as cents
    from bal b left join ranked r on r.account_id = b.account_id and r.running - r.amount_cents < r.balance
    order by b.account_id, r.created_at desc nulls last`.execute(db);
  const accounts = new Map<string, { owner_id: string; balance: number; debits: { age_days: number; cents: number }[] }>();
  for (const r of rows.rows) {
    let acc = accounts.get(r.account_id);
    if (!acc) accounts.set(r.account_id, (acc = { owner_id: r.owner_id, balance: Number(r.balance), debits: [] }));
    if (r.age_days !== null && r.cents !== null) acc.debits.push({ age_days: Math.max(0, Number(r.age_days)), cents: Number(r.cents) });
  }
  const buckets = Object.fromEntries(AGING_BUCKETS.map((b) => [b.key, 0])) as Record<(typeof AGING_BUCKETS)[number]['key'], number>;
  const owing: Array<Omit<FinanceDashboard['aging']['drivers'][number], 'name'>> = [];
  let owedToDrivers = 0;
  for (const [accountId, acc] of accounts) {
    if (acc.balance < 0) {
      owedToDrivers -= acc.balance;
      continue;
    }
    let oldest = 0;
    for (const part of openDebits(acc.balance, acc.debits)) {
      buckets[bucketOf(part.age_days)] += part.open_cents;
      oldest = Math.max(oldest, part.age_days);
    }
    owing.push({ driver_id: acc.owner_id, account_id: accountId, balance_cents: acc.balance, oldest_days: oldest });
  }
  owing.sort((a, b) => b.balance_cents - a.balance_cents);
  const top = owing.slice(0, 20);
  const ids = top.map((d) => d.driver_id).filter(isUuid);
  const names = new Map(
    ids.length ? (await db.selectFrom('drivers').select(['id', 'full_name']).where('id', 'in', ids).execute()).map((d) => [d.id, d.full_name]) : [],
  );
  return {
    as_of: asOf.toISOString(),
    buckets: AGING_BUCKETS.map((b) => ({ key: b.key, cents: buckets[b.key] })),
    owing_total_cents: owing.reduce((s, d) => s + d.balance_cents, 0),
    owed_to_drivers_cents: owedToDrivers,
    drivers: top.map((d) => ({ ...d, name: names.get(d.driver_id) ?? null })),
  };
}
