import { hasControlCharacter } from '@openride/shared/text';
import type { ListPage, SortDir } from '@openride/shared/admin/list-query';
import { type Expression, type Kysely, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import { badRequest } from './errors';

/**
 * Keyset ("cursor") paging for every admin list: rows ordered by (sort key, id), both in the same
 * direction, and the next page starts strictly after the last row's pair. Unlike OFFSET, a row inserted
 * or deleted while someone pages never makes a page repeat or skip a row, and page 500 costs what page 1
 * costs (given an index on the pair).
 *
 * A sort key must never be NULL (wrap a nullable column in coalesce): a row comparison with NULL is
 * neither before nor after, and that row would fall out of every page.
 */
export type SortKey = {
  /** A column ('table.column') or an SQL expression (e.g. sql`lower(user.name)`). */
  expr: string | Expression<unknown> | RawBuilder<unknown>;
  /**
   * How the key travels inside the cursor. Timestamps travel as ISO text with microseconds: a JS Date
   * keeps milliseconds only, and two rows inside the same millisecond would repeat or vanish.
   */
  type: 'timestamptz' | 'text' | 'numeric';
};

export type KeysetSpec<Sort extends string> = {
  sorts: Record<Sort, SortKey>;
  /** The unique tie-breaker column ('table.id') and its type (a uuid cursor is checked before it reaches SQL). */
  id: { ref: string; type: 'uuid' | 'text' };
};

export type KeysetOptions<Sort extends string> = { sort: Sort; dir: SortDir; cursor?: string; limit: number };

type Cursor = { s: string; d: SortDir; v: string; i: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_MICROS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const NUMERIC = /^-?\d+(\.\d+)?$/;

/** A real instant PostgreSQL's timestamptz holds: '2024-13-45T…' or year 0000 would make it raise (22008). */
function isTimestampInRange(v: string) {
  const at = new Date(v);
  if (Number.isNaN(at.getTime())) return false;
  const year = at.getUTCFullYear();
  // Date rolls '2024-02-30' over into March: only a date that reads back the same is real.
  return year >= 1 && year <= 9999 && at.toISOString().slice(0, 19) === v.slice(0, 19);
}

/** Opaque to clients (base64url of JSON); it names its sort, so a cursor from another ordering is refused. */
export const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

export function decodeCursor(raw: string, expected: { sort: string; dir: SortDir; key: SortKey; id: KeysetSpec<string>['id'] }): Cursor {
  const invalid = () => badRequest('Invalid cursor');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (typeof parsed !== 'object' || parsed === null) throw invalid();
  const { s, d, v, i } = parsed as Record<string, unknown>;
  if (
    s !== expected.sort ||
    d !== expected.dir ||
    typeof v !== 'string' ||
    typeof i !== 'string' ||
    i.length > 200 ||
    v.length > 1000 ||
    hasControlCharacter(v) ||
    hasControlCharacter(i)
  )
    throw invalid();
  if (expected.id.type === 'uuid' && !UUID.test(i)) throw invalid();
  if (expected.key.type === 'timestamptz' && !(ISO_MICROS.test(v) && isTimestampInRange(v))) throw invalid();
  if (expected.key.type === 'numeric' && !NUMERIC.test(v)) throw invalid();
  return { s, d: expected.dir, v, i };
}

/** The key as the cursor carries it (text), and the cursor's text back as a value SQL compares. */
const exprOf = (key: SortKey) => (typeof key.expr === 'string' ? sql.ref(key.expr) : key.expr);

function keyAsText(key: SortKey) {
  const expr = exprOf(key);
  if (key.type === 'timestamptz') return sql<string>`to_char(${expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  if (key.type === 'numeric') return sql<string>`cast(${expr} as text)`;
  return sql<string>`${expr}`;
}
function textAsKey(key: SortKey, value: string) {
  if (key.type === 'timestamptz') return sql`cast(${value} as timestamptz)`;
  if (key.type === 'numeric') return sql`cast(${value} as numeric)`;
  return sql`cast(${value} as text)`;
}

/**
 * One page of `query` (already filtered) in the requested order, and the cursor of the next page (null
 * on the last). `total` counts every filtered row, only for the first page (it costs a second query).
 */
export async function keysetPage<Row, Sort extends string>(
  db: Kysely<any>,
  query: SelectQueryBuilder<any, any, Row>,
  spec: KeysetSpec<Sort>,
  opts: KeysetOptions<Sort>,
): Promise<ListPage<Row>> {
  const key = spec.sorts[opts.sort];
  const expr = exprOf(key);
  const id = sql.ref(spec.id.ref);
  const dir = sql.raw(opts.dir === 'asc' ? 'asc' : 'desc');
  let paged = query.select([keyAsText(key).as('__key'), sql<string>`cast(${id} as text)`.as('__id')]);
  if (opts.cursor) {
    const after = decodeCursor(opts.cursor, { sort: opts.sort, dir: opts.dir, key, id: spec.id });
    // A row comparison: (k, id) strictly after (k0, id0) in this direction, ties on k broken by id.
    const op = sql.raw(opts.dir === 'asc' ? '>' : '<');
    paged = paged.where(sql<boolean>`(${expr}, ${id}) ${op} (${textAsKey(key, after.v)}, ${after.i})`);
  }
  // One extra row says whether there is a next page.
  const rows = (await paged
    .orderBy(sql`${expr} ${dir}`)
    .orderBy(sql`${id} ${dir}`)
    .limit(opts.limit + 1)
    .execute()) as (Row & { __key: string; __id: string })[];
  const page = rows.slice(0, opts.limit);
  const last = page.at(-1);
  const items = page.map(({ __key: _key, __id: _id, ...row }) => row as Row);
  const next_cursor = rows.length > opts.limit && last ? encodeCursor({ s: opts.sort, d: opts.dir, v: last.__key, i: last.__id }) : null;
  if (opts.cursor) return { items, next_cursor };
  const counted = await db
    .selectFrom(query.as('filtered'))
    .select(sql<string>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return { items, next_cursor, total: Number(counted.n) };
}

/** Every page of a list, one after another: what an export walks through. */
export async function* pageThrough<Row>(fetchPage: (cursor: string | undefined) => Promise<ListPage<Row>>) {
  let cursor: string | undefined;
  do {
    const page = await fetchPage(cursor);
    if (page.items.length) yield page.items;
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
}

/** A search term is literal text: % and _ typed by a user match themselves in ILIKE. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** `%term%` for ILIKE, with the term taken literally. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;
