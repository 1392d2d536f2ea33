import { complianceText } from '@openride/shared/compliance/compliance-text';
import type { DriverDocument } from '@openride/shared/compliance/views';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';

/** A document's columns as read everywhere, from `driver_documents as d` (the date as the city's calendar day, decision 0049). */
export const DOCUMENT_COLUMNS = [
  'd.id',
  'd.driver_id',
  'd.kind',
  'd.status',
  // uuid[] is not parsed by every driver: as JSON it is.
  sql<string[]>`array_to_json(d.file_ids)`.as('file_ids'),
  sql<string | null>`to_char(d.expires_on, 'YYYY-MM-DD')`.as('expires_on'),
  'd.rejection_reason',
  'd.created_at',
  sql<Date | null>`d.reviewed_at`.as('reviewed_at'),
] as const;

export type DocumentRow = {
  id: string;
  driver_id: string;
  kind: DriverDocument['kind'];
  status: DriverDocument['status'];
  file_ids: string[];
  expires_on: string | null;
  rejection_reason: string | null;
  created_at: Date;
  reviewed_at: Date | null;
};

/** The content types of the files of some documents, by file id (an image is shown inline, a PDF embedded). */
export async function fileTypesOf(db: Kysely<DB>, rows: Array<{ file_ids: string[] }>) {
  const ids = [...new Set(rows.flatMap((r) => r.file_ids))];
  if (ids.length === 0) return new Map<string, string>();
  const files = await db.selectFrom('files').select(['id', 'content_type']).where('id', 'in', ids).execute();
  return new Map(files.map((f) => [f.id, f.content_type]));
}

export function documentView(row: DocumentRow, types: Map<string, string>): DriverDocument {
  return {
    id: row.id,
    kind: row.kind,
    label: complianceText.kinds[row.kind],
    status: row.status,
    files: row.file_ids.map((id) => ({ id, content_type: types.get(id) ?? 'application/octet-stream' })),
    expires_on: row.expires_on,
    rejection_reason: row.rejection_reason,
    created_at: new Date(row.created_at).toISOString(),
    reviewed_at: row.reviewed_at ? new Date(row.reviewed_at).toISOString() : null,
  };
}
