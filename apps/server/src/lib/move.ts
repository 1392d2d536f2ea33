import type { Machine } from '@openride/shared/machine';
import type { Expression, ExpressionBuilder, Kysely, Selectable, SelectType, SqlBool, UpdateObject, UpdateQueryBuilder } from 'kysely';
import type { DB } from '../db/schema';
import { domainError } from './errors';

/**
 * The one statement that changes a row's `status` (decision 0085): a conditional update from the statuses
 * the row's machine allows this actor (`machine.sourcesOf(to, actor)`). A row that moved meanwhile matches
 * nothing, so of two racing moves exactly one wins, and a move the table does not list touches no row.
 * No other update on the server sets a status (apps/server/src/lib/status-updates.test.ts holds that).
 */

/** The tables with a `status` column. */
export type StatusTable = { [T in keyof DB]: 'status' extends keyof DB[T] ? T : never }[keyof DB];
/** The statuses a table's `status` column holds. */
export type StatusOf<T extends StatusTable> = DB[T] extends { status: infer C } ? SelectType<C> : never;

type Move<T extends StatusTable, S extends string, A extends string> = {
  table: T;
  to: S;
  actor: A;
  /** Other columns the move sets with the status (stamps, reasons…). */
  set?: NoInfer<Omit<UpdateObject<DB, T, T>, 'status'>>;
  /** Further conditions on the rows (their owner, their parent…), with the status guard. */
  where?: (eb: ExpressionBuilder<DB, NoInfer<T>>) => Expression<SqlBool>;
};

function update<T extends StatusTable, S extends string, A extends string>(db: Kysely<DB>, m: Move<T, S, A>, from: S[]) {
  // The table is a type parameter: Kysely types a chain on one named table, so this one runs untyped; the
  // signatures of move and moveAll keep the callers' columns and statuses typed.
  const untyped = db as unknown as Kysely<any>;
  let query: UpdateQueryBuilder<any, any, any, any> = untyped
    .updateTable(m.table as string)
    .set({ ...m.set, status: m.to })
    .where('status', 'in', from);
  if (m.where) query = query.where(m.where as any);
  return query;
}

/**
 * Moves the row `id` to `to` if its machine lets `actor` move it there from where it stands. Returns the
 * updated row, or undefined when no row matched (not there, not the caller's, or its status said no).
 */
export async function move<T extends StatusTable, S extends StatusOf<T> & string, A extends string>(
  db: Kysely<DB>,
  machine: Machine<S, A>,
  m: Move<T, S, A> & { id: string },
): Promise<Selectable<DB[T]> | undefined> {
  const from = machine.sourcesOf(m.to, m.actor);
  if (from.length === 0) return undefined;
  const row: unknown = await update(db, m, from).where('id', '=', m.id).returningAll().executeTakeFirst();
  return row as Selectable<DB[T]> | undefined;
}

/** Moves every row `where` selects that may make the move (a ride's open offers, tickets due to close). Returns the rows moved. */
export async function moveAll<T extends StatusTable, S extends StatusOf<T> & string, A extends string>(
  db: Kysely<DB>,
  machine: Machine<S, A>,
  m: Move<T, S, A> & { where: NonNullable<Move<T, S, A>['where']> },
): Promise<Selectable<DB[T]>[]> {
  const from = machine.sourcesOf(m.to, m.actor);
  if (from.length === 0) return [];
  const rows: unknown = await update(db, m, from).returningAll().execute();
  return rows as Selectable<DB[T]>[];
}

/**
 * After a refused move: a row already where the caller wanted it comes back unchanged (a retried tap is not
 * an error); any other status is a 409 INVALID_TRANSITION with `message`, which says where the row stands.
 */
export function settledOrRefused<R extends { status: string }>(current: R, to: R['status'], message: string): R {
  if (current.status === to) return current;
  throw domainError('INVALID_TRANSITION', message);
}

/** The columns a caller returns of a moved row (what `.returning([...])` gave it before the move). */
export function pickColumns<R extends object, K extends keyof R>(row: R, columns: readonly K[]): Pick<R, K> {
  return Object.fromEntries(columns.map((column) => [column, row[column]])) as Pick<R, K>;
}
