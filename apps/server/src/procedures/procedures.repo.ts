import type { ProcedureView } from '@openride/shared/procedures/views';
import { SUPPORT_CATEGORIES, type SupportCategory } from '@openride/shared/support/categories';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** Every version (with the saving admin's name), to be narrowed by the caller. */
export const selectProcedures = (db: Kysely<DB>) =>
  db
    .selectFrom('support_procedures as p')
    .leftJoin('user as u', 'u.id', 'p.created_by')
    .select(['p.id', 'p.category', 'p.version', 'p.title', 'p.steps', 'p.replies', 'p.created_at', 'u.name as created_by_name']);

type Row = Awaited<ReturnType<ReturnType<typeof selectProcedures>['executeTakeFirstOrThrow']>>;

const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

export function procedureView(row: Row): ProcedureView {
  return {
    id: row.id,
    category: row.category as SupportCategory,
    version: row.version,
    title: row.title,
    steps: parsed(row.steps),
    replies: parsed(row.replies),
    created_at: new Date(row.created_at).toISOString(),
    created_by_name: row.created_by_name ?? null,
  };
}

/** The newest version of `category`, or undefined. */
export async function currentProcedure(db: Kysely<DB>, category: SupportCategory) {
  const row = await selectProcedures(db).where('p.category', '=', category).orderBy('p.version', 'desc').limit(1).executeTakeFirst();
  return row ? procedureView(row) : undefined;
}

/** Each category's newest version, in SUPPORT_CATEGORIES' order (a category without one is left out). */
export async function currentProcedures(db: Kysely<DB>) {
  const rows = await selectProcedures(db)
    .where(({ eb, selectFrom }) =>
      eb(
        'p.version',
        '=',
        selectFrom('support_procedures as n')
          .select(({ fn }) => fn.max('n.version').as('v'))
          .whereRef('n.category', '=', 'p.category'),
      ),
    )
    .execute();
  const views = rows.map(procedureView);
  return SUPPORT_CATEGORIES.flatMap((c) => views.filter((v) => v.category === c));
}

/** Every version of `category`, newest first. */
export async function procedureVersions(db: Kysely<DB>, category: SupportCategory) {
  return (await selectProcedures(db).where('p.category', '=', category).orderBy('p.version', 'desc').execute()).map(procedureView);
}
