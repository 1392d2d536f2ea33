import type { ProcedureInput } from '@openride/shared/procedures/schemas';
import { proceduresText } from '@openride/shared/procedures/procedures-text';
import type { SupportCategory } from '@openride/shared/support/categories';
import type { Kysely } from 'kysely';
import { recordAudit } from '../audit/record-audit';
import type { DB } from '../db/schema';
import { AppError, isUniqueViolation } from '../lib/errors';
import { inTransaction } from '../lib/transaction';
import { currentProcedure } from './procedures.repo';

const stale = () => new AppError('CONFLICT', proceduresText.form.stale);

/**
 * An admin saves an edit of a category's procedure as its next version (decision 0056): versions are never
 * changed, so the history stays what admins were told to do at the time. The edit names the version it
 * started from; if another admin saved one since, it is refused (409) rather than silently replacing theirs
 * (two saves racing on the same version meet the unique (category, version) index: one wins, one gets 409).
 * Audited (`support_procedure.create`, the fields that changed, before and after) in the same transaction.
 */
export async function saveProcedureVersion(db: Kysely<DB>, adminId: string, category: SupportCategory, input: ProcedureInput) {
  try {
    const id = await inTransaction(db, async (trx) => {
      const current = await trx
        .selectFrom('support_procedures')
        .select(['version', 'title', 'steps', 'replies'])
        .where('category', '=', category)
        .orderBy('version', 'desc')
        .limit(1)
        .executeTakeFirst();
      const currentVersion = current?.version ?? 0;
      if (input.base_version !== currentVersion) throw stale();
      const version = currentVersion + 1;
      const row = await trx
        .insertInto('support_procedures')
        .values({ category, version, title: input.title, steps: JSON.stringify(input.steps), replies: JSON.stringify(input.replies), created_by: adminId })
        .returning('id')
        .executeTakeFirstOrThrow();
      const before: Record<string, unknown> = { version: currentVersion };
      const after: Record<string, unknown> = { version };
      const json = <T>(value: T | string | undefined) => (typeof value === 'string' ? (JSON.parse(value) as T) : (value ?? null));
      const was = { title: current?.title ?? null, steps: json(current?.steps), replies: json(current?.replies) };
      for (const key of ['title', 'steps', 'replies'] as const) {
        const old = was[key];
        if (JSON.stringify(old) !== JSON.stringify(input[key])) {
          before[key] = old;
          after[key] = input[key];
        }
      }
      await recordAudit(trx, { actorId: adminId, action: 'support_procedure.create', entityType: 'support_procedure', entityId: category, before, after });
      return row.id;
    });
    const saved = await currentProcedure(db, category);
    if (!saved || saved.id !== id) throw stale();
    return saved;
  } catch (err) {
    if (isUniqueViolation(err, 'support_procedures_category_version_key')) throw stale();
    throw err;
  }
}
