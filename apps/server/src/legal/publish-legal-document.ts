import type { PublishLegalInput } from '@openride/shared/legal/schemas';
import type { LegalDocument, LegalVersion } from '@openride/shared/legal/views';
import type { Kysely } from 'kysely';
import { recordAudit } from '../audit/record-audit';
import type { DB } from '../db/schema';
import { isUniqueViolation } from '../lib/errors';
import { inTransaction, lostRace } from '../lib/transaction';
import { legalDocumentView } from './legal.repo';

/**
 * POST /api/admin/legal: the next version of one document, in force at once (every user is asked to agree
 * again), audited in the same transaction. Two admins publishing the same kind at once: one wins, the other
 * is a 409 (the primary key (kind, version)).
 */
export async function publishLegalDocument(db: Kysely<DB>, adminId: string, input: PublishLegalInput): Promise<LegalDocument> {
  try {
    return await inTransaction(db, async (trx) => {
      const last = await trx
        .selectFrom('legal_documents')
        .select((eb) => eb.fn.max('version').as('version'))
        .where('kind', '=', input.kind)
        .executeTakeFirst();
      const version = Number(last?.version ?? 0) + 1;
      const row = await trx
        .insertInto('legal_documents')
        .values({ kind: input.kind, version, body: input.body, published_by: adminId })
        .returning(['kind', 'version', 'body', 'published_at'])
        .executeTakeFirstOrThrow();
      await recordAudit(trx, {
        actorId: adminId,
        action: 'legal.publish',
        entityType: 'legal_document',
        entityId: `${input.kind}:${version}`,
        before: version > 1 ? { version: version - 1 } : null,
        after: { kind: input.kind, version, characters: input.body.length },
      });
      return legalDocumentView(row);
    });
  } catch (err) {
    if (isUniqueViolation(err, 'legal_documents_pkey')) throw lostRace();
    throw err;
  }
}

/** GET /api/admin/legal: every version, newest first, with the publishing admin's name where the account remains. */
export async function listLegalVersions(db: Kysely<DB>): Promise<LegalVersion[]> {
  const rows = await db
    .selectFrom('legal_documents')
    .leftJoin('user', 'user.id', 'legal_documents.published_by')
    .select(['legal_documents.kind', 'legal_documents.version', 'legal_documents.body', 'legal_documents.published_at', 'user.name as published_by_name'])
    .orderBy('legal_documents.published_at', 'desc')
    .orderBy('legal_documents.kind')
    .orderBy('legal_documents.version', 'desc')
    .execute();
  return rows.map((r) => ({ ...legalDocumentView(r), published_by_name: r.published_by_name ?? null }));
}
