import { transactionWords } from '@openride/shared/payouts/payouts-text';
import type { Statement, StatementLine, StatementResponse } from '@openride/shared/payouts/views';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';
import { accountKey } from '../ledger/ledger';
import { badRequest } from '../lib/errors';
import { driverTxnFigures, sumFigures, type TxnFigures } from './driver-figures';
import { driverAccount, homeCityOf } from './driver-ledger';
import { addDays, isLocalDate, localDate, mondayOf, weekdayOf } from './local-dates';
import { ownApprovedDriver } from '../driver-record/current-driver';

/** How many weeks /driver-earnings lists. */
export const STATEMENT_WEEKS = 12;

/** The balance of the driver's account before a local date began (ledger sign). */
async function balanceBefore(db: Kysely<DB>, driverId: string, currency: string, timeZone: string, date: string) {
  const row = await db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
    .select(sql<string>`coalesce(sum(e.amount_cents), 0)`.as('balance'))
    .where('a.key', '=', accountKey(driverAccount(driverId), currency))
    .where(sql<boolean>`t.created_at < (${date}::date)::timestamp at time zone ${timeZone}`)
    .executeTakeFirstOrThrow();
  return Number(row.balance);
}

/**
 * One week's statement from its transactions: the flows add up to the change of balance by construction
 * (fares are the driver's earnings plus the platform's share; what no other column names is an adjustment).
 */
function statementOf(weekStart: string, currency: string, opening: number, txns: readonly TxnFigures[]): Statement {
  const f = sumFigures(txns);
  const sum = (pick: (t: TxnFigures) => number) => txns.reduce((s, t) => s + pick(t), 0);
  const platform = f.commission_cents + f.booking_fee_cents + f.tax_cents;
  return {
    week_start: weekStart,
    week_end: addDays(weekStart, 6),
    currency,
    opening_cents: opening,
    trips: f.trips,
    fares_cents: f.fares_cents,
    commission_cents: platform,
    tips_cents: f.tips_cents,
    fees_cents: f.fees_cents,
    cash_collected_cents: f.cash_collected_cents,
    cash_paid_cents: sum((t) => t.cash_paid),
    adjustments_cents: sum((t) => t.adjustments),
    payouts_cents: sum((t) => t.payouts),
    closing_cents: opening + sum((t) => t.net),
  };
}

/** The driver's last twelve weeks, newest first (weeks run Monday to Sunday in the city's time zone). */
export async function listStatements(db: Kysely<DB>, userId: string, now = new Date()) {
  const driver = await ownApprovedDriver(db, userId);
  const city = await homeCityOf(db, driver.id);
  const thisWeek = mondayOf(localDate(now, city.timezone));
  const first = addDays(thisWeek, -7 * (STATEMENT_WEEKS - 1));
  let opening = await balanceBefore(db, driver.id, city.currency, city.timezone, first);
  const txns = await driverTxnFigures(db, driver.id, city.currency, city.timezone, first);
  const statements: Statement[] = [];
  for (let week = first; week <= thisWeek; week = addDays(week, 7)) {
    const end = addDays(week, 7);
    const s = statementOf(
      week,
      city.currency,
      opening,
      txns.filter((t) => t.day >= week && t.day < end),
    );
    statements.push(s);
    opening = s.closing_cents;
  }
  return { driver: { id: driver.id, name: driver.full_name }, statements: statements.reverse() };
}

/** One week: the statement and each transaction with the balance after it (for the printable page and the CSV). */
export async function getStatement(db: Kysely<DB>, userId: string, week: string, now = new Date()): Promise<StatementResponse> {
  const driver = await ownApprovedDriver(db, userId);
  const city = await homeCityOf(db, driver.id);
  if (!isLocalDate(week) || weekdayOf(week) !== 1) throw badRequest('A statement week starts on a Monday (YYYY-MM-DD).');
  if (week > localDate(now, city.timezone)) throw badRequest('That week has not started yet.');
  const end = addDays(week, 7);
  const opening = await balanceBefore(db, driver.id, city.currency, city.timezone, week);
  const txns = (await driverTxnFigures(db, driver.id, city.currency, city.timezone, week)).filter((t) => t.day < end);
  let balance = opening;
  const lines: StatementLine[] = txns.map((t) => {
    balance += t.net;
    return { at: t.at.toISOString(), kind: t.kind, ride_id: t.ride_id, description: transactionWords(t.kind), amount_cents: t.net, balance_cents: balance };
  });
  return {
    driver: { id: driver.id, name: driver.full_name },
    city: { name: city.name, timezone: city.timezone },
    statement: statementOf(week, city.currency, opening, txns),
    lines,
  };
}
