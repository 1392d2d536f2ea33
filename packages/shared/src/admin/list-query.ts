import { z } from 'zod';
import { text } from '../text';

/** The largest page any admin list serves; CSV export pages through every row instead. */
export const LIST_LIMIT_MAX = 100;
export const LIST_LIMIT_DEFAULT = 25;
export const SORT_DIRS = ['asc', 'desc'] as const;
export type SortDir = (typeof SORT_DIRS)[number];
export const LIST_FORMATS = ['json', 'csv'] as const;

/** An empty query-string value (`?q=`) means "not given", not "match the empty string". */
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/**
 * The query string every admin list takes: `cursor` (opaque, from the previous page's `next_cursor`),
 * `limit` (1–100), `q` (free-text search), `sort` + `dir`, `format=csv` for an export of every filtered
 * row, plus the list's own filters. Lists narrow `sort` and add filters with {@link defineListQuery}.
 */
export const listQuerySchema = z.object({
  cursor: z.preprocess(blankToUndefined, text().max(1000).optional()),
  limit: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(LIST_LIMIT_MAX).default(LIST_LIMIT_DEFAULT)),
  q: z.preprocess(blankToUndefined, text().trim().max(200).optional()),
  sort: text().max(100).optional(),
  dir: z.preprocess(blankToUndefined, z.enum(SORT_DIRS).optional()),
  format: z.preprocess(blankToUndefined, z.enum(LIST_FORMATS).default('json')),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** A filter that may be left out (or sent empty): `?status=` is the same as no status filter. */
export const optionalFilter = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

/**
 * One list's query schema: which columns it sorts by (the first is the default), the default direction
 * and its filters (each wrapped in {@link optionalFilter}). The same schema parses the query string on
 * the server and types the web's request.
 */
export function defineListQuery<const Sort extends readonly [string, ...string[]], Filters extends z.ZodRawShape>(opts: {
  sorts: Sort;
  dir?: SortDir;
  filters: Filters;
}) {
  return listQuerySchema.extend({
    sort: z.preprocess(blankToUndefined, z.enum(opts.sorts).default(opts.sorts[0] as Sort[number])),
    dir: z.preprocess(blankToUndefined, z.enum(SORT_DIRS).default(opts.dir ?? 'desc')),
    ...opts.filters,
  });
}

/** Every admin list answers `{ items, next_cursor, total? }`: `next_cursor` is null on the last page. */
export const listPageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), next_cursor: z.string().nullable(), total: z.number().int().nonnegative().optional() });
export type ListPage<T> = { items: T[]; next_cursor: string | null; total?: number };
