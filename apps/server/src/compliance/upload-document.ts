import { DOCUMENT_MACHINE } from '@openride/shared/compliance/document-state';
import { documentText } from '@openride/shared/compliance/compliance-text';
import type { DocumentUploadInput } from '@openride/shared/compliance/schemas';
import type { DriverDocument, OwnDocuments } from '@openride/shared/compliance/views';
import { isUuid } from '@openride/shared/text';
import { sql } from 'kysely';
import { badRequest, domainError } from '../lib/errors';
import { moveAll } from '../lib/move';
import { localDate } from '../payouts/local-dates';
import { ownApprovedDriver } from '../driver-record/current-driver';
import { complianceCityOf } from './compliance.repo';
import { documentTypesOf } from './document-types';
import { DOCUMENT_COLUMNS, type DocumentRow, documentView, fileTypesOf } from './documents.repo';
import type { Ports } from '../ports';

/**
 * A driver sends a document for review (decision 0051), checked against their city's type of that kind
 * (complianceCityOf: the city they go online in): one file, or the front then the back; the last valid day
 * when the type asks for one, not past in the city's calendar. The files are the caller's own uploads of
 * purpose `driver_document`, used by no other document. In one transaction under the driver's row lock: an
 * older one of the kind still in review is superseded; an approved one stays valid until this one is approved.
 * Every refusal is a 400 and stores nothing.
 */
export async function uploadDocument(services: Pick<Ports, 'db'>, userId: string, input: DocumentUploadInput): Promise<DriverDocument> {
  const { db } = services;
  const driver = await ownApprovedDriver(db, userId);
  const city = await complianceCityOf(db, driver.id);
  if (!city) throw domainError('DRIVER_CITY_UNKNOWN');
  const type = (await documentTypesOf(db, city.id)).find((t) => t.kind === input.kind);
  if (!type) throw badRequest(documentText.errors.notConfigured);
  const ids = input.file_ids.map((id) => id.toLowerCase());
  if (type.sides === 'front_back' && ids.length !== 2) throw badRequest(documentText.errors.needsBothSides);
  if (type.sides === 'one' && ids.length !== 1) throw badRequest(documentText.errors.oneSideOnly);
  if (new Set(ids).size !== ids.length) throw badRequest(documentText.errors.sameFileTwice);
  const expiresOn = input.expires_on ?? null;
  if (type.expiry_required && !expiresOn) throw badRequest(documentText.errors.expiryRequired);
  if (expiresOn && (Number.isNaN(Date.parse(`${expiresOn}T00:00:00Z`)) || expiresOn < localDate(new Date(), city.timezone))) {
    throw badRequest(Number.isNaN(Date.parse(`${expiresOn}T00:00:00Z`)) ? 'Use a date like 2027-03-31' : documentText.errors.expiryPast);
  }
  if (!ids.every(isUuid)) throw badRequest(documentText.errors.fileNotFound);

  const row = await db.transaction().execute(async (trx) => {
    await trx.selectFrom('drivers').select('id').where('id', '=', driver.id).forUpdate().executeTakeFirstOrThrow();
    const files = await trx.selectFrom('files').select(['id', 'owner_id', 'purpose']).where('id', 'in', ids).where('deleted_at', 'is', null).execute();
    for (const id of ids) {
      const file = files.find((f) => f.id === id);
      // Another user's file reads as one that does not exist.
      if (!file || file.owner_id !== userId) throw badRequest(documentText.errors.fileNotFound);
      if (file.purpose !== 'driver_document') throw badRequest(documentText.errors.notADocument);
    }
    const used = await trx
      .selectFrom('driver_documents')
      .select('id')
      .where(sql<boolean>`file_ids && ${sql.val(ids)}::uuid[]`)
      .executeTakeFirst();
    if (used) throw badRequest(documentText.errors.fileInUse);
    const now = new Date();
    await moveAll(trx, DOCUMENT_MACHINE, {
      table: 'driver_documents',
      to: 'superseded',
      actor: 'driver',
      set: { updated_at: now },
      where: (eb) => eb.and([eb('driver_id', '=', driver.id), eb('kind', '=', input.kind)]),
    });
    const { id } = await trx
      .insertInto('driver_documents')
      .values({ driver_id: driver.id, kind: input.kind, file_ids: ids, expires_on: expiresOn })
      .returning('id')
      .executeTakeFirstOrThrow();
    return trx.selectFrom('driver_documents as d').select(DOCUMENT_COLUMNS).where('d.id', '=', id).executeTakeFirstOrThrow();
  });
  return documentView(row as DocumentRow, await fileTypesOf(db, [row as DocumentRow]));
}

/** The driver's own documents: their city's kinds, the newest per kind, and the older ones (newest first). */
export async function listOwnDocuments(services: Pick<Ports, 'db'>, userId: string): Promise<OwnDocuments> {
  const { db } = services;
  const driver = await ownApprovedDriver(db, userId);
  const city = await complianceCityOf(db, driver.id);
  if (!city) throw domainError('DRIVER_CITY_UNKNOWN');
  const [types, rows] = await Promise.all([
    documentTypesOf(db, city.id),
    db
      .selectFrom('driver_documents as d')
      .select(DOCUMENT_COLUMNS)
      .where('d.driver_id', '=', driver.id)
      .orderBy('d.created_at', 'desc')
      .orderBy('d.id')
      .limit(200)
      .execute(),
  ]);
  const fileTypes = await fileTypesOf(db, rows as DocumentRow[]);
  const seen = new Set<string>();
  const latest: DriverDocument[] = [];
  const history: DriverDocument[] = [];
  for (const row of rows as DocumentRow[]) {
    (seen.has(row.kind) ? history : latest).push(documentView(row, fileTypes));
    seen.add(row.kind);
  }
  return { city: { id: city.id, name: city.name }, types, latest, history };
}
