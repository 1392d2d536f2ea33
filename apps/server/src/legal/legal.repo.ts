import { LEGAL_KINDS, type LegalKind } from '@openride/shared/legal/schemas';
import type { LegalDocument, LegalDocuments } from '@openride/shared/legal/views';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

type DocumentRow = { kind: LegalKind; version: number; body: string; published_at: Date | string };

export const legalDocumentView = (row: DocumentRow): LegalDocument => ({
  kind: row.kind,
  version: row.version,
  body: row.body,
  published_at: new Date(row.published_at).toISOString(),
});

/** The version in force of each document: the newest (migration 0026 seeds version 1 of both). */
export async function currentLegalDocuments(db: Kysely<DB>): Promise<LegalDocuments> {
  const rows = await db
    .selectFrom('legal_documents')
    .select(['kind', 'version', 'body', 'published_at'])
    .distinctOn('kind')
    .orderBy('kind')
    .orderBy('version', 'desc')
    .execute();
  const of = (kind: LegalKind) => {
    const row = rows.find((r) => r.kind === kind);
    if (!row) throw new Error(`no ${kind} document: migration 0026 seeds one`);
    return legalDocumentView(row);
  };
  return { terms: of('terms'), privacy: of('privacy') };
}

/** The current version number of each document. */
export async function currentLegalVersions(db: Kysely<DB>): Promise<Record<LegalKind, number>> {
  const rows = await db
    .selectFrom('legal_documents')
    .select(['kind', (eb) => eb.fn.max('version').as('version')])
    .groupBy('kind')
    .execute();
  const versions = { terms: 0, privacy: 0 };
  for (const row of rows) versions[row.kind] = Number(row.version);
  return versions;
}

/** The newest version of each document the user accepted (null: never). */
export async function acceptedLegalVersions(db: Kysely<DB>, userId: string): Promise<Record<LegalKind, number | null>> {
  const rows = await db
    .selectFrom('legal_acceptances')
    .select(['kind', (eb) => eb.fn.max('version').as('version')])
    .where('user_id', '=', userId)
    .groupBy('kind')
    .execute();
  const accepted: Record<LegalKind, number | null> = { terms: null, privacy: null };
  for (const row of rows) if ((LEGAL_KINDS as readonly string[]).includes(row.kind)) accepted[row.kind] = Number(row.version);
  return accepted;
}
