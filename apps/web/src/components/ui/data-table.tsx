import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { type ColumnDef, flexRender, getCoreRowModel, type RowData, useReactTable } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown, Download, Search } from 'lucide-react';
import { kitText } from '@openride/shared/admin/admin-text';
import type { SortDir } from '@openride/shared/admin/list-query';
import { cn } from '@/lib/cn';
import { Button } from './button';
import { buttonClasses } from './button-classes';
import { inputClasses } from './field';
import { listQuery, listQueryString as queryString } from './list-query';
import { QueryEmpty, QueryError, QueryLoading } from './query-state';

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the generics must match TanStack's declaration
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Classes of this column's cells (th and td): widths, alignment, nowrap. */
    className?: string;
    /** The direction a first click on this sortable header asks for (dates: newest first). */
    firstDir?: SortDir;
    /** Pin this column to the right edge of the scroll region (the `actions` column is pinned without saying so). */
    pinned?: boolean;
  }
}

export type { ColumnDef };

/** A select above the table that narrows the rows; its value goes to the server as `?<id>=<value>`. */
export type TableFilter = { id: string; label: string; options: readonly { value: string; label: string }[] };

type Params = Record<string, string | undefined>;

type DataTableProps<Row> = {
  /** The table's accessible name (and the scroll region's). */
  label: string;
  /** GET endpoint of the list kit: `{ items, next_cursor, total? }`, `?format=csv` for the export. */
  endpoint: string;
  /** Base of the query key; the request's parameters are appended, so invalidating the base refreshes every view. */
  queryKey: readonly unknown[];
  /**
   * Column definitions (TanStack). A column whose `id` is one of the server's sort keys sets
   * `enableSorting: true`; everything else is display only.
   */
  columns: ColumnDef<Row, any>[];
  getRowId: (row: Row) => string;
  defaultSort: { id: string; dir: SortDir };
  /** Placeholder and label of the search box; no box without it. */
  searchLabel?: string;
  filters?: readonly TableFilter[];
  /** Parameters the page controls (e.g. a status tab), sent with every request and export. */
  params?: Params;
  /** What an empty list says when nothing is searched or filtered. */
  empty: ReactNode;
  loadFailed: ReactNode;
  pageSize?: number;
  /** Extra controls at the right of the toolbar. */
  actions?: ReactNode;
  className?: string;
  /** The list query's `refetchInterval`: a list kept live polls while the socket is down (`useLivePollInterval`). */
  refetchInterval?: number | false;
};

const SEARCH_DEBOUNCE_MS = 300;

/**
 * The row's verbs stay on screen at every width (issue 27 §11): a wide table scrolls sideways inside its
 * region, and the column of actions sticks to the region's right edge over the scrolled cells. By
 * convention that column's id is `actions`; another column asks with `meta: { pinned: true }`.
 */
const isPinned = <Row,>(def: ColumnDef<Row, any>) => def.id === 'actions' || def.meta?.pinned === true;
const PINNED = 'md:sticky md:right-0 md:z-[1] md:whitespace-nowrap md:shadow-[-10px_0_10px_-10px_rgb(0_0_0/0.25)]';

/** A column's name as plain text, for the label of its cell on a phone's stacked card. */
function headerText<Row>(def: ColumnDef<Row, any>): string {
  return typeof def.header === 'string' ? def.header : '';
}

function useDebounced<T>(value: T, ms: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * The admin list: server-side keyset paging ("Load more"), a debounced search box, filter selects,
 * sortable headers (aria-sort) and a CSV export of exactly the rows the filters select. Rows never come
 * from the browser's memory of other pages: every change of search, filter or sort asks the server.
 * On a phone the table scrolls sideways inside a focusable region instead of squeezing its columns.
 */
export function DataTable<Row>({
  label,
  endpoint,
  queryKey,
  columns,
  getRowId,
  defaultSort,
  searchLabel,
  filters = [],
  params = {},
  empty,
  loadFailed,
  pageSize = 25,
  actions,
  className,
  refetchInterval = false,
}: DataTableProps<Row>) {
  const id = useId();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const [filterValues, setFilterValues] = useState<Params>({});
  const [sort, setSort] = useState(defaultSort);

  const request: Params = useMemo(
    () => ({ ...params, ...filterValues, q: q || undefined, sort: sort.id, dir: sort.dir }),
    // params is usually an inline object: compare by value.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [JSON.stringify(params), filterValues, q, sort],
  );
  const narrowed = Boolean(q) || Object.values(filterValues).some(Boolean);

  const list = useInfiniteQuery({
    ...listQuery<Row>({ endpoint, queryKey, request, pageSize }),
    // A new search or filter keeps the old rows on screen (dimmed) until the new ones arrive.
    placeholderData: keepPreviousData,
    refetchInterval,
  });

  const rows = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const total = list.data?.pages[0]?.total;

  const table = useReactTable({
    data: rows,
    columns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    defaultColumn: { enableSorting: false },
    state: { sorting: [{ id: sort.id, desc: sort.dir === 'desc' }] },
  });

  const toggleSort = (columnId: string, firstDir: SortDir = 'asc') =>
    setSort((current) => (current.id === columnId ? { id: columnId, dir: current.dir === 'asc' ? 'desc' : 'asc' } : { id: columnId, dir: firstDir }));

  const exportHref = `${endpoint}?${queryString({ ...request, format: 'csv' })}`;
  const captionId = `${id}-caption`;

  return (
    <div className={cn('space-y-3', className)}>
      <div className="flex flex-wrap items-end gap-3">
        {searchLabel ? (
          <div className="min-w-0 flex-1 basis-56">
            <label htmlFor={`${id}-search`} className="sr-only">
              {searchLabel}
            </label>
            <div className="relative">
              <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-400" aria-hidden="true" />
              <input
                id={`${id}-search`}
                type="search"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                placeholder={searchLabel}
                className={cn(inputClasses, 'h-10 pl-9 text-sm')}
              />
            </div>
          </div>
        ) : null}
        {filters.map((filter) => (
          <div key={filter.id} className="min-w-36 space-y-1">
            <label htmlFor={`${id}-filter-${filter.id}`} className="block text-xs font-semibold text-ink-600">
              {filter.label}
            </label>
            <select
              id={`${id}-filter-${filter.id}`}
              value={filterValues[filter.id] ?? ''}
              onChange={(event) => setFilterValues((current) => ({ ...current, [filter.id]: event.target.value || undefined }))}
              className={cn(inputClasses, 'h-10 pr-8 text-sm')}
            >
              <option value="">{kitText.filterAll}</option>
              {filter.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        ))}
        <div className="ml-auto flex items-center gap-2">
          {actions}
          {/* A plain link: the browser downloads with the session cookie, streamed by the server. */}
          <a href={exportHref} download className={buttonClasses({ variant: 'outline', size: 'sm' })}>
            <Download className="size-4" aria-hidden="true" />
            {kitText.exportCsv}
          </a>
        </div>
      </div>

      {list.isPending ? (
        <QueryLoading />
      ) : list.isError && rows.length === 0 ? (
        <QueryError onRetry={() => void list.refetch()} retrying={list.isFetching}>
          {loadFailed}
        </QueryError>
      ) : rows.length === 0 ? (
        <QueryEmpty>{narrowed ? kitText.noMatches : empty}</QueryEmpty>
      ) : (
        // `relative`: the cells' screen-reader-only text is absolutely positioned; without a positioned
        // scroller it would escape the clipping and widen a phone's page to the table's width.
        <div
          className={cn('relative overflow-x-auto rounded-2xl border border-ink-200 bg-white', list.isPlaceholderData && 'opacity-60')}
          tabIndex={0}
          role="region"
          aria-labelledby={captionId}
          aria-busy={list.isFetching || undefined}
        >
          {/* From md up a table; on a phone each row is a stacked card whose cells carry their column's name
              (issue 17 §9: no page scrolls sideways, no column hidden). */}
          <table className="w-full text-left text-sm max-md:block md:min-w-[640px]">
            <caption id={captionId} className="sr-only">
              {label}
            </caption>
            <thead className="bg-ink-50 text-xs tracking-wide text-ink-600 uppercase max-md:sr-only">
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => {
                    const sorted = header.column.getIsSorted();
                    const meta = header.column.columnDef.meta;
                    const title = flexRender(header.column.columnDef.header, header.getContext());
                    return (
                      <th
                        key={header.id}
                        scope="col"
                        aria-sort={header.column.getCanSort() ? (sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none') : undefined}
                        className={cn(
                          'px-4 py-3 font-semibold whitespace-nowrap',
                          meta?.className,
                          isPinned(header.column.columnDef) && cn(PINNED, 'md:bg-ink-50'),
                        )}
                      >
                        {header.column.getCanSort() ? (
                          <button
                            type="button"
                            onClick={() => toggleSort(header.column.id, meta?.firstDir)}
                            className="-mx-1 inline-flex items-center gap-1 rounded-md px-1 uppercase hover:text-ink-900 focus-visible:outline-2 focus-visible:outline-brand-600"
                          >
                            {title}
                            {sorted === 'asc' ? (
                              <ArrowUp className="size-3.5" aria-hidden="true" />
                            ) : sorted === 'desc' ? (
                              <ArrowDown className="size-3.5" aria-hidden="true" />
                            ) : (
                              <ArrowUpDown className="size-3.5 text-ink-400" aria-hidden="true" />
                            )}
                          </button>
                        ) : (
                          title
                        )}
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            <tbody className="divide-y divide-ink-100 max-md:block">
              {table.getRowModel().rows.map((row) => (
                <tr key={row.id} className="align-top max-md:block max-md:px-4 max-md:py-3">
                  {row.getVisibleCells().map((cell) => (
                    <td
                      key={cell.id}
                      data-label={headerText(cell.column.columnDef) || undefined}
                      className={cn(
                        'px-4 py-3 text-ink-700',
                        cell.column.columnDef.meta?.className,
                        isPinned(cell.column.columnDef) && cn(PINNED, 'md:bg-white'),
                        'max-md:flex max-md:w-auto max-md:min-w-0 max-md:gap-3 max-md:px-0 max-md:py-1 max-md:text-left max-md:whitespace-normal',
                        headerText(cell.column.columnDef) &&
                          'max-md:before:w-28 max-md:before:shrink-0 max-md:before:pt-0.5 max-md:before:text-xs max-md:before:font-semibold max-md:before:text-ink-500 max-md:before:uppercase max-md:before:content-[attr(data-label)]',
                      )}
                    >
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {rows.length > 0 ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-ink-600" aria-live="polite">
            {kitText.shown(rows.length, total)}
          </p>
          {list.isError ? (
            <QueryError onRetry={() => void list.fetchNextPage()} retrying={list.isFetchingNextPage} className="flex-1">
              {loadFailed}
            </QueryError>
          ) : null}
          {list.hasNextPage ? (
            <Button variant="outline" size="sm" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
              {list.isFetchingNextPage ? kitText.loadingMore : kitText.loadMore}
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
