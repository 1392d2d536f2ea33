import {
  type AccountCode,
  ACCOUNT_INFO,
  type EntryLine,
  PARTY_ACCOUNTS,
  type PartyAccount,
  type PlatformAccount,
  type TransactionKind,
} from '@openride/shared/ledger/accounts';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';

/**
 * The one way money is recorded (issue 13, decision 0037). Everything that moves money — a completed ride,
 * a fee, a tip, a refund, a payout, cash a driver hands in, an admin's adjustment — calls `post` inside the
 * transaction of the state change that causes it, so the two commit or roll back together.
 *
 * Sign: from the platform's books, a debit is positive and a credit negative. A platform account is named by
 * its code; a party's by its code and owner (`{ code: 'driver', owner: driverId }`).
 */
export type AccountRef = { code: PlatformAccount; owner?: undefined } | { code: PartyAccount; owner: string };
export type Posting = { account: AccountRef; line: EntryLine; amount_cents: number };

export type PostInput = {
  kind: TransactionKind;
  /** Posts once: a second post with the same key changes nothing and answers the first one's id. */
  key: string;
  currency: string;
  city_id?: string | null;
  ride_id?: string | null;
  /** A correction names the transaction it reverses (each is reversed at most once). */
  reverses?: string | null;
  created_by?: string | null;
  reason?: string | null;
  /** Facts that are not money moving through the books (for example the cash a driver collected). */
  memo?: Record<string, unknown>;
  entries: Posting[];
};

export class UnbalancedPosting extends Error {}

export const accountKey = (ref: AccountRef, currency: string) => (ref.owner === undefined ? `${ref.code}:${currency}` : `${ref.code}:${ref.owner}:${currency}`);

/** The account's row id, created on first use (one row per key, whoever races to make it). */
export async function accountId(db: Kysely<DB>, ref: AccountRef, currency: string): Promise<string> {
  return (await accountIds(db, [ref], currency)).get(accountKey(ref, currency))!;
}

/**
 * Row ids for many accounts in at most three statements (find, create the missing ones, find those): a ride's
 * posting touches six or more, and one query per account was most of its cost (bench `ledger`).
 */
export async function accountIds(db: Kysely<DB>, refs: AccountRef[], currency: string): Promise<Map<string, string>> {
  const byKey = new Map(refs.map((ref) => [accountKey(ref, currency), ref]));
  const keys = [...byKey.keys()];
  const ids = new Map<string, string>();
  const find = async (wanted: string[]) => {
    for (const row of await db.selectFrom('ledger_accounts').select(['id', 'key']).where('key', 'in', wanted).execute()) ids.set(row.key, row.id);
  };
  await find(keys);
  const missing = keys.filter((k) => !ids.has(k));
  if (missing.length > 0) {
    await db
      .insertInto('ledger_accounts')
      .values(missing.map((key) => ({ key, code: byKey.get(key)!.code, owner_id: byKey.get(key)!.owner ?? null, currency })))
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    await find(missing);
  }
  return ids;
}

/**
 * Posts one balanced transaction. Entries of zero are dropped (a ride without a tip has no tip line); the rest
 * must be integers summing to zero, or nothing is written (the database checks the sum again at commit).
 * Returns the transaction's id and whether this call wrote it (false: the key had posted before).
 */
export async function post(db: Kysely<DB>, input: PostInput): Promise<{ id: string; posted: boolean }> {
  const entries = input.entries.filter((e) => e.amount_cents !== 0);
  for (const e of entries) {
    if (!Number.isSafeInteger(e.amount_cents)) throw new UnbalancedPosting(`ledger: ${e.line} is not an integer amount (${e.amount_cents})`);
    if (e.account.owner !== undefined && !(PARTY_ACCOUNTS as readonly string[]).includes(e.account.code))
      throw new UnbalancedPosting(`ledger: ${e.account.code} has no owner`);
  }
  const sum = entries.reduce((a, e) => a + e.amount_cents, 0);
  if (sum !== 0) throw new UnbalancedPosting(`ledger: ${input.kind} does not balance (sum ${sum})`);

  const inserted = await db
    .insertInto('ledger_transactions')
    .values({
      kind: input.kind,
      idempotency_key: input.key,
      currency: input.currency,
      city_id: input.city_id ?? null,
      ride_id: input.ride_id ?? null,
      reverses_id: input.reverses ?? null,
      created_by: input.created_by ?? null,
      reason: input.reason ?? null,
      memo: JSON.stringify(input.memo ?? {}),
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) {
    const existing = await db.selectFrom('ledger_transactions').select('id').where('idempotency_key', '=', input.key).executeTakeFirstOrThrow();
    return { id: existing.id, posted: false };
  }
  if (entries.length > 0) {
    const ids = await accountIds(
      db,
      entries.map((e) => e.account),
      input.currency,
    );
    await db
      .insertInto('ledger_entries')
      .values(
        entries.map((e) => ({
          transaction_id: inserted.id,
          account_id: ids.get(accountKey(e.account, input.currency))!,
          line: e.line,
          amount_cents: e.amount_cents,
        })),
      )
      .execute();
  }
  return { id: inserted.id, posted: true };
}

/**
 * Reverses a transaction: the same entries with their signs flipped, pointing to it (`reverses_id` is unique,
 * so a transaction is reversed once; a second call answers the first reversal).
 */
export async function reverse(db: Kysely<DB>, transactionId: string, by: { created_by?: string | null; reason: string; kind?: TransactionKind }) {
  const tx = await db.selectFrom('ledger_transactions').selectAll().where('id', '=', transactionId).executeTakeFirst();
  if (!tx) throw new Error(`ledger: no transaction ${transactionId}`);
  const entries = await db
    .selectFrom('ledger_entries')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
    .select(['ledger_accounts.code', 'ledger_accounts.owner_id', 'ledger_entries.line', 'ledger_entries.amount_cents'])
    .where('transaction_id', '=', transactionId)
    .execute();
  return post(db, {
    kind: by.kind ?? 'reversal',
    key: `reversal:${transactionId}`,
    currency: tx.currency,
    city_id: tx.city_id,
    ride_id: tx.ride_id,
    reverses: transactionId,
    created_by: by.created_by ?? null,
    reason: by.reason,
    entries: entries.map((e) => ({
      account: (e.owner_id === null ? { code: e.code } : { code: e.code, owner: e.owner_id }) as AccountRef,
      line: e.line as EntryLine,
      amount_cents: -Number(e.amount_cents),
    })),
  });
}

/** An account's balance (debit positive): the sum of its entries, as of `at` when given. */
export async function balanceOf(db: Kysely<DB>, ref: AccountRef, currency: string, at?: Date): Promise<number> {
  let q = db
    .selectFrom('ledger_entries')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
    .select(sql<string>`coalesce(sum(ledger_entries.amount_cents), 0)`.as('balance'))
    .where('ledger_accounts.key', '=', accountKey(ref, currency));
  if (at) q = q.where('ledger_entries.created_at', '<=', at);
  return Number((await q.executeTakeFirstOrThrow()).balance);
}

/**
 * The trial balance: every account code's debits and credits per currency, and their difference, which the
 * ledger's rules keep at zero. The financial dashboard shows it; the tests check it after every sequence.
 */
export async function trialBalance(db: Kysely<DB>) {
  const rows = await db
    .selectFrom('ledger_entries')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
    .select([
      'ledger_accounts.code',
      'ledger_accounts.currency',
      sql<string>`coalesce(sum(case when ledger_entries.amount_cents > 0 then ledger_entries.amount_cents else 0 end), 0)`.as('debits'),
      sql<string>`coalesce(sum(case when ledger_entries.amount_cents < 0 then -ledger_entries.amount_cents else 0 end), 0)`.as('credits'),
    ])
    .groupBy(['ledger_accounts.code', 'ledger_accounts.currency'])
    .orderBy('ledger_accounts.currency')
    .orderBy('ledger_accounts.code')
    .execute();
  const accounts = rows.map((r) => ({
    code: r.code as AccountCode,
    type: ACCOUNT_INFO[r.code as AccountCode]?.type ?? 'asset',
    label: ACCOUNT_INFO[r.code as AccountCode]?.label ?? r.code,
    currency: r.currency,
    debits_cents: Number(r.debits),
    credits_cents: Number(r.credits),
    balance_cents: Number(r.debits) - Number(r.credits),
  }));
  const currencies = [...new Set(accounts.map((a) => a.currency))].map((currency) => {
    const mine = accounts.filter((a) => a.currency === currency);
    const debits = mine.reduce((s, a) => s + a.debits_cents, 0);
    const credits = mine.reduce((s, a) => s + a.credits_cents, 0);
    return { currency, debits_cents: debits, credits_cents: credits, difference_cents: debits - credits };
  });
  return { accounts, currencies, balanced: currencies.every((c) => c.difference_cents === 0) };
}
