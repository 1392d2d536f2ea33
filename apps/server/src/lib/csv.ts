export type CsvColumn<Row> = { header: string; value: (row: Row) => unknown };

/**
 * A spreadsheet must not run what a user typed: a cell starting with = + - @ (or a tab/CR) is a formula
 * in Excel and LibreOffice, so it gets a leading apostrophe (OWASP "CSV injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text =
    value instanceof Date ? value.toISOString() : Array.isArray(value) ? value.join('; ') : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const csvLine = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * A CSV download streamed a page at a time: memory stays flat however many rows match, and the first
 * bytes leave before the last page is read. `filename` gets today's date (`users-2026-11-22.csv`).
 */
export function csvResponse<Row>(filename: string, columns: CsvColumn<Row>[], pages: AsyncIterable<Row[]>): Response {
  const encoder = new TextEncoder();
  const iterator = pages[Symbol.asyncIterator]();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      // A byte-order mark so Excel reads UTF-8 names correctly.
      controller.enqueue(encoder.encode(`\uFEFF${csvLine(columns.map((c) => c.header))}`));
    },
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) return controller.close();
      controller.enqueue(encoder.encode(next.value.map((row) => csvLine(columns.map((c) => c.value(row)))).join('')));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  const name = `${filename}-${new Date().toISOString().slice(0, 10)}.csv`;
  return new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${name}"`,
      'cache-control': 'no-store',
    },
  });
}
