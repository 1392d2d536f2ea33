import type { ReactNode } from 'react';
import { kitText } from '@openride/shared/admin/admin-text';
import { cn } from '@/lib/cn';
import { ScrollRegion } from './scroll-region';

/** One column of a StaticTable. */
export type StaticColumn<Row> = {
  id: string;
  /** The header's words; a column of buttons says what it is with `srOnlyHeader` (read, not shown). */
  header: ReactNode;
  srOnlyHeader?: boolean;
  cell: (row: Row, index: number) => ReactNode;
  /** This column names the row (a day, an account): its cells are `<th scope="row">`. */
  rowHeader?: boolean;
  /** 'end' for figures: right-aligned, tabular digits. */
  align?: 'start' | 'center' | 'end';
  /**
   * Classes of this column's header and cells (width, nowrap, `hidden sm:table-cell`, a colour). Not padding or
   * alignment (`align`): cn does not merge, so two paddings would fight.
   */
  className?: string;
  /** Classes of this column's cells only (a weight, a colour), or of one cell from its row (a red gap, a heat tone). */
  cellClassName?: string | ((row: Row) => string | undefined);
  /** Attributes of one cell from its row (a data-testid). */
  cellProps?: (row: Row) => Record<`data-${string}`, string>;
};

type StaticTableProps<Row> = {
  /** The table's name: its caption (read by screen readers) and its scroll region's name. */
  label: string;
  /** A caption shown above the table instead of the screen-reader-only `label`. */
  caption?: ReactNode;
  columns: readonly StaticColumn<Row>[];
  rows: readonly Row[];
  getRowKey: (row: Row) => string;
  /** What an empty table says, in one row across the columns (default "Nothing to show."). */
  empty?: ReactNode;
  rowClassName?: (row: Row) => string | undefined;
  /** 'boxed' (default): the DataTable's rounded white box. 'plain': inside a card that already has one. */
  variant?: 'boxed' | 'plain';
  /**
   * 'compact': shorter rows for long figures tables. 'grid': a heat grid of small cells (the week by hour),
   * spaced apart rather than ruled, in small type; its cells are coloured by `cellClassName`.
   */
  density?: 'normal' | 'compact' | 'grid';
  /** The table's own classes, typically its least width before it scrolls sideways (`min-w-[40rem]`). */
  tableClassName?: string;
  className?: string;
};

const ALIGN = { start: 'text-left', center: 'text-center', end: 'text-right tabular-nums' } as const;
const DENSITY = {
  normal: { table: 'text-sm', cell: 'px-3 py-2', body: 'divide-y divide-ink-100' },
  compact: { table: 'text-sm', cell: 'px-3 py-1.5', body: 'divide-y divide-ink-100' },
  grid: { table: 'border-separate border-spacing-0.5 text-xs', cell: 'px-0.5', body: '' },
} as const;

/**
 * A small fixed list shown whole (a day-by-day table, the accounts of a trial balance, the lines of an
 * invoice): no paging, sorting or export — for those, DataTable. The same look and accessibility as
 * DataTable: a caption, `scope="col"` headers (and `scope="row"` for a column that names its row), and on a
 * phone it scrolls sideways inside a named, focusable ScrollRegion rather than squeezing its columns.
 * Pages write no `<table>` of their own (eslint).
 */
export function StaticTable<Row>({
  label,
  caption,
  columns,
  rows,
  getRowKey,
  empty = kitText.noRows,
  rowClassName,
  variant = 'boxed',
  density = 'normal',
  tableClassName,
  className,
}: StaticTableProps<Row>) {
  const look = DENSITY[density];
  const pad = look.cell;
  return (
    <ScrollRegion label={label} className={cn(variant === 'boxed' && 'rounded-2xl border border-ink-200 bg-white', className)}>
      <table className={cn('w-full text-left', look.table, tableClassName)}>
        {caption ? <caption className="mb-2 text-left font-semibold text-ink-900">{caption}</caption> : <caption className="sr-only">{label}</caption>}
        <thead className={cn('text-xs tracking-wide text-ink-600 uppercase', variant === 'boxed' && 'bg-ink-50')}>
          <tr>
            {columns.map((column) => (
              <th key={column.id} scope="col" className={cn(pad, 'font-semibold whitespace-nowrap', ALIGN[column.align ?? 'start'], column.className)}>
                {column.srOnlyHeader ? <span className="sr-only">{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={cn('text-ink-700', look.body)}>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-3 py-4 text-ink-600">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row, index) => (
              <tr key={getRowKey(row)} className={cn('align-top', rowClassName?.(row))}>
                {columns.map((column) => {
                  const Cell = column.rowHeader ? 'th' : 'td';
                  return (
                    <Cell
                      key={column.id}
                      scope={column.rowHeader ? 'row' : undefined}
                      {...column.cellProps?.(row)}
                      className={cn(
                        pad,
                        column.rowHeader && 'font-medium text-ink-900',
                        ALIGN[column.align ?? 'start'],
                        column.className,
                        typeof column.cellClassName === 'function' ? column.cellClassName(row) : column.cellClassName,
                      )}
                    >
                      {column.cell(row, index)}
                    </Cell>
                  );
                })}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
