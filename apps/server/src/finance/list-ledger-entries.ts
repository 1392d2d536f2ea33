import type { ledgerEntriesQuerySchema } from '@openride/shared/finance/schemas';
import type { LedgerEntryView } from '@openride/shared/finance/views';
import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../db/schema';
import type { CsvColumn } from '../lib/csv';
import { keysetPage, type KeysetSpec } from '../lib/keyset';
import { asOfSql, driverBalanceFilter, rangeBounds } from './get-finance-dashboard';

type Query = z.output<typeof ledgerEntriesQuerySchema>;

const spec: KeysetSpec<'created_at'> = {
  sorts: { created_at: { expr: 'ledger_entries.created_at', type: 'timestamptz' } },
  id: { ref: 'ledger_entries.id', type: 'text' },
};

/** The entries a query selects (every filter narrows), with what a person reads beside each. */
function filtered(db: Kysely<DB>, q: Query) {
  let rows = db
    .selectFrom('ledger_entries')
    .innerJoin('ledger_transactions', 'ledger_transactions.id', 'ledger_entries.transaction_id')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
    .leftJoin('drivers', (j) => j.on(sql`drivers.id::text`, '=', sql.ref('ledger_accounts.owner_id')).on('ledger_accounts.code', '=', 'driver'))
    .leftJoin('user', (j) => j.onRef('user.id', '=', 'ledger_accounts.owner_id').on('ledger_accounts.code', 'in', ['rider_wallet', 'rider_owed']));
  if (q.line) rows = rows.where('ledger_entries.line', 'in', q.line);
  if (q.account) rows = rows.where('ledger_accounts.code', 'in', q.account);
  if (q.account_id) rows = rows.where('ledger_entries.account_id', '=', q.account_id);
  if (q.kind) rows = rows.where('ledger_transactions.kind', '=', q.kind);
  if (q.ride) rows = rows.where('ledger_transactions.ride_id', '=', q.ride);
  if (q.city) rows = rows.where('ledger_transactions.city_id', '=', q.city);
  if (q.from) rows = rows.where('ledger_entries.created_at', '>=', rangeBounds(q.from, q.from, q.tz).start);
  if (q.to) rows = rows.where('ledger_entries.created_at', '<', rangeBounds(q.to, q.to, q.tz).end);
  if (q.currency) rows = rows.where('ledger_accounts.currency', '=', q.currency);
  if (q.as_of) rows = rows.where('ledger_entries.created_at', '<=', asOfSql(q.as_of));
  if (q.standing || q.aging) rows = rows.where(driverBalanceFilter(q));
  return rows;
}

/**
 * The drill-down (decision 0041): the entries behind a figure, newest first, a keyset page at a time. The
 * first page also says how many entries match and their sum (debit positive), which is the figure's value
 * before its sign: a figure and its entries always agree.
 */
export async function listLedgerEntries(db: Kysely<DB>, q: Query) {
  const rows = filtered(db, q).select([
    sql<string>`ledger_entries.id::text`.as('id'),
    sql<string>`to_char(ledger_entries.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as('created_at'),
    'ledger_entries.transaction_id',
    'ledger_transactions.kind',
    'ledger_transactions.ride_id',
    'ledger_transactions.city_id',
    'ledger_transactions.reason',
    'ledger_entries.account_id',
    'ledger_accounts.code as account_code',
    'ledger_accounts.owner_id',
    sql<string | null>`coalesce(drivers.full_name, "user".name)`.as('owner_name'),
    'ledger_accounts.currency',
    'ledger_entries.line',
    'ledger_entries.amount_cents',
  ]);
  const page = await keysetPage(db, rows, spec, q);
  const items: LedgerEntryView[] = page.items.map((r) => ({ ...r, amount_cents: Number(r.amount_cents) }));
  if (q.cursor) return { items, next_cursor: page.next_cursor };
  const sum = await filtered(db, q)
    .select(sql<string>`coalesce(sum(ledger_entries.amount_cents), 0)`.as('sum'))
    .executeTakeFirstOrThrow();
  return { items, next_cursor: page.next_cursor, total: page.total, sum_cents: Number(sum.sum) };
}

export const ENTRIES_CSV: CsvColumn<LedgerEntryView>[] = [
  { header: 'Time', value: (r) => r.created_at },
  { header: 'Transaction', value: (r) => r.kind },
  { header: 'Transaction id', value: (r) => r.transaction_id },
  { header: 'Ride', value: (r) => r.ride_id },
  { header: 'City', value: (r) => r.city_id },
  { header: 'Account', value: (r) => r.account_code },
  { header: 'Owner', value: (r) => r.owner_name ?? r.owner_id },
  { header: 'Line', value: (r) => r.line },
  { header: 'Amount (cents, debit positive)', value: (r) => r.amount_cents },
  { header: 'Currency', value: (r) => r.currency },
  { header: 'Reason', value: (r) => r.reason },
];
