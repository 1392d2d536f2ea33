import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Decision 0085: a status changes only through lib/move.ts (`move`, `moveAll`), the conditional update
 * guarded by the row's state machine. This scan fails on any other update that writes a status literal:
 * `status: '…'` inside an `updateTable(…)` or `doUpdateSet(…)` chain (up to its `execute` or the end of the
 * statement), or a `status: '…' as const` object built in a file that updates tables (to be spread into
 * a `set`). Inserts (a row's first status) and response bodies are not updates; `verification_status`
 * and other `*_status` columns are not `status`.
 */
const SRC = fileURLToPath(new URL('..', import.meta.url));
const HELPER = 'lib/move.ts';

const STATUS_LITERAL = /(?<![\w.])status\s*:\s*['"`]/;
const AS_CONST = /(?<![\w.])status\s*:\s*['"`][\w-]*['"`]\s+as\s+const/g;
const UPDATE_START = /\b(updateTable|doUpdateSet)\s*\(/g;

/** The status literals an update writes in `source`, as `line: text`. */
function statusLiteralsInUpdates(source: string): string[] {
  const found = new Set<number>();
  const lineOf = (index: number) => source.slice(0, index).split('\n').length;
  for (const start of source.matchAll(UPDATE_START)) {
    const rest = source.slice(start.index);
    const end = rest.search(/\.execute\w*\s*\(|;/);
    const chain = end === -1 ? rest : rest.slice(0, end);
    for (const line of chain.split('\n').keys()) {
      const text = chain.split('\n')[line]!;
      if (STATUS_LITERAL.test(text)) found.add(lineOf(start.index) + line);
    }
  }
  if (UPDATE_START.test(source)) for (const hit of source.matchAll(AS_CONST)) found.add(lineOf(hit.index));
  UPDATE_START.lastIndex = 0;
  const lines = source.split('\n');
  return [...found].sort((a, b) => a - b).map((n) => `${n}: ${lines[n - 1]!.trim()}`);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Every status literal written by an update outside the helper, as `file:line: text`. */
function strayStatusUpdates(): string[] {
  return sourceFiles(SRC)
    .map((path) => relative(SRC, path))
    .filter((file) => file !== HELPER)
    .flatMap((file) => statusLiteralsInUpdates(readFileSync(join(SRC, file), 'utf8')).map((hit) => `${file}:${hit}`));
}

describe('status changes go through the machine helper (decision 0085)', () => {
  it('finds a status literal in an update chain, in an upsert, and in an `as const` object spread into one', () => {
    expect(statusLiteralsInUpdates("await db.updateTable('x').set({ status: 'paid', at }).where('id', '=', id).execute();")).toHaveLength(1);
    expect(statusLiteralsInUpdates("await db\n  .updateTable('x')\n  .set({\n    note,\n    status: 'paid',\n  })\n  .execute();")).toEqual([
      "5: status: 'paid',",
    ]);
    expect(statusLiteralsInUpdates(".onConflict((oc) => oc.column('id').doUpdateSet({ status: 'active' }))")).toHaveLength(1);
    expect(statusLiteralsInUpdates("const d = ok ? { status: 'approved' as const } : {};\nawait db.updateTable('x').set(d).execute();")).toHaveLength(1);
  });

  it('passes inserts, audit records, other `*_status` columns and statuses that are values', () => {
    expect(statusLiteralsInUpdates("await db.insertInto('x').values({ status: 'open' }).execute();")).toEqual([]);
    expect(
      statusLiteralsInUpdates("await db.updateTable('x').set({ verification_status: 'approved' }).execute();\nawait audit({ after: { status: 'paid' } });"),
    ).toEqual([]);
    expect(statusLiteralsInUpdates("await db.updateTable('x').set({ status: input.status }).execute();")).toEqual([]);
  });

  it('no update under apps/server/src sets a status literal outside lib/move.ts', () => {
    expect(strayStatusUpdates()).toEqual([]);
  });
});
