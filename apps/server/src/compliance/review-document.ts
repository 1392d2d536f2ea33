import { DOCUMENT_MACHINE } from '@openride/shared/compliance/document-state';
import { complianceText, documentText } from '@openride/shared/compliance/compliance-text';
import type { adminDocumentsQuerySchema, DocumentReviewInput } from '@openride/shared/compliance/schemas';
import type { AdminDocument, DriverDocument } from '@openride/shared/compliance/views';
import { isUuid } from '@openride/shared/text';
import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../db/schema';
import type { CsvColumn } from '../lib/csv';
import { AppError, badRequest, forbidden, notFound } from '../lib/errors';
import { keysetPage, type KeysetSpec } from '../lib/keyset';
import { move, moveAll } from '../lib/move';
import { localDate } from '../payouts/local-dates';
import { complianceCityOf } from './compliance.repo';
import { driverCityText } from '@openride/shared/drivers/driver-city-text';
import { DOCUMENT_COLUMNS, type DocumentRow, documentView, fileTypesOf } from './documents.repo';
import type { Ports } from '../ports';
import { review } from '../review/review';
import { type CityScope, cityCondition } from '../roles/city-scope';

type Query = z.output<typeof adminDocumentsQuerySchema>;

const spec: KeysetSpec<Query['sort']> = {
  sorts: { created_at: { expr: 'd.created_at', type: 'timestamptz' } },
  id: { ref: 'd.id', type: 'uuid' },
};

/**
 * The review queue (decision 0051): documents in review (or of `status`), oldest first, by kind and by the
 * driver's city (`drivers.city_id`, decision 0074; a driver whose city is unknown is still listed), each with the application's details and what the city asks of
 * its kind. Insurance is not here: policies are verified on /insurance-verification.
 */
export async function listDocumentsForReview(db: Kysely<DB>, query: Query, scope: CityScope = null) {
  let rows = db
    .selectFrom('driver_documents as d')
    .innerJoin('drivers', 'drivers.id', 'd.driver_id')
    .leftJoin('cities', 'cities.id', 'drivers.city_id')
    .leftJoin('document_types as t', (join) => join.onRef('t.city_id', '=', 'cities.id').onRef('t.kind', '=', 'd.kind'))
    .select(DOCUMENT_COLUMNS)
    .select([
      'drivers.full_name',
      'drivers.phone',
      'drivers.license_number',
      'drivers.vehicle_make',
      'drivers.vehicle_model',
      'drivers.vehicle_year',
      'drivers.vehicle_color',
      'drivers.license_plate',
      'drivers.created_at as applied_at',
      'cities.id as city_id',
      sql<string>`coalesce(cities.name, ${driverCityText.notChosen})`.as('city_name'),
      sql<boolean>`coalesce(t.expiry_required, false)`.as('expiry_required'),
      sql<'one' | 'front_back'>`coalesce(t.sides, 'one')`.as('sides'),
    ])
    .where('d.status', '=', query.status ?? 'in_review')
    .where('d.kind', '!=', 'insurance');
  if (query.kind) rows = rows.where('d.kind', '=', query.kind);
  if (query.city) rows = rows.where('cities.id', '=', query.city);
  const inCities = cityCondition('drivers.city_id', scope);
  if (inCities) rows = rows.where(inCities);
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    rows = rows.where((eb) => eb.or([eb('drivers.full_name', 'ilike', like), eb('drivers.phone', 'ilike', like), eb('drivers.license_number', 'ilike', like)]));
  }
  const page = await keysetPage(db, rows, spec, query);
  const fileTypes = await fileTypesOf(db, page.items as unknown as DocumentRow[]);
  return {
    ...page,
    items: page.items.map(
      (r): AdminDocument => ({
        ...documentView(r as unknown as DocumentRow, fileTypes),
        driver: {
          id: r.driver_id,
          full_name: r.full_name,
          phone: r.phone,
          license_number: r.license_number,
          vehicle: `${r.vehicle_year} ${r.vehicle_make} ${r.vehicle_model} · ${r.vehicle_color}`,
          license_plate: r.license_plate,
          applied_at: new Date(r.applied_at).toISOString(),
          city_id: r.city_id,
          city_name: r.city_name,
        },
        expiry_required: r.expiry_required,
        sides: r.sides,
      }),
    ),
  };
}

export const DOCUMENTS_CSV: CsvColumn<AdminDocument>[] = [
  { header: 'Document', value: (d) => d.id },
  { header: 'Submitted', value: (d) => d.created_at },
  { header: 'Kind', value: (d) => d.label },
  { header: 'Driver', value: (d) => d.driver.full_name },
  { header: 'Phone', value: (d) => d.driver.phone },
  { header: 'City', value: (d) => d.driver.city_name },
  { header: 'Expires on', value: (d) => d.expires_on ?? '' },
  { header: 'Status', value: (d) => d.status },
  { header: 'Files', value: (d) => d.files.length },
];

/**
 * An admin approves or rejects a document in review. The decision is a conditional update (`status =
 * 'in_review'`): of two admins deciding at once, one wins and the other is answered 409 with nothing
 * changed. Approving confirms the last valid day (required when the driver's city's type asks for one; not
 * past in its calendar) and supersedes the kind's previous approved document. In the same transaction: the
 * driver's notification (the reason in it) and the audit record. An admin who drives cannot review their own.
 */
export async function reviewDocument(
  services: Pick<Ports, 'db' | 'bus' | 'push'>,
  adminId: string,
  documentId: string,
  input: DocumentReviewInput,
): Promise<DriverDocument> {
  const { db } = services;
  if (!isUuid(documentId)) throw notFound(documentText.errors.notFound);
  const approved = input.status === 'approved';
  const { decided } = await review(services, {
    adminId,
    load: (trx) =>
      trx
        .selectFrom('driver_documents as d')
        .innerJoin('drivers', 'drivers.id', 'd.driver_id')
        .select(['d.id', 'd.driver_id', 'd.kind', 'd.status', 'drivers.user_id', sql<string | null>`to_char(d.expires_on, 'YYYY-MM-DD')`.as('expires_on')])
        .where('d.id', '=', documentId)
        .executeTakeFirst(),
    notFound: () => notFound(documentText.errors.notFound),
    own: { ownerOf: (found) => found.user_id, refuse: () => forbidden(documentText.errors.ownDocument) },
    reviewable: (found) => found.status === 'in_review',
    decided: () => new AppError('CONFLICT', documentText.errors.alreadyDecided),
    decide: async (trx, found, now) => {
      let expiresOn: string | null = null;
      if (approved) {
        // A driver whose city is unknown (decision 0074): no city's type to read, and "today" is UTC's.
        const city = await complianceCityOf(trx, found.driver_id);
        const type = city
          ? await trx.selectFrom('document_types').select('expiry_required').where('city_id', '=', city.id).where('kind', '=', found.kind).executeTakeFirst()
          : undefined;
        expiresOn = input.expires_on === undefined ? found.expires_on : input.expires_on;
        if (type?.expiry_required && !expiresOn) throw badRequest(documentText.errors.expiryRequired);
        if (expiresOn && expiresOn < localDate(new Date(), city?.timezone ?? 'UTC')) throw badRequest(documentText.errors.expiryPast);
      }
      const decision = input.status === 'approved' ? { expires_on: expiresOn, rejection_reason: null } : { rejection_reason: input.reason };
      const updated = await move(trx, DOCUMENT_MACHINE, {
        table: 'driver_documents',
        id: documentId,
        to: input.status,
        actor: 'admin',
        set: { ...decision, reviewed_by: adminId, reviewed_at: now, updated_at: now },
      });
      if (!updated) return undefined;
      if (approved) {
        await moveAll(trx, DOCUMENT_MACHINE, {
          table: 'driver_documents',
          to: 'superseded',
          actor: 'admin',
          set: { updated_at: now },
          where: (eb) => eb.and([eb('driver_id', '=', found.driver_id), eb('kind', '=', found.kind), eb('id', '!=', documentId)]),
        });
      }
      const row = await trx.selectFrom('driver_documents as d').select(DOCUMENT_COLUMNS).where('d.id', '=', documentId).executeTakeFirstOrThrow();
      return { row: row as DocumentRow, expiresOn };
    },
    audit: (found, { expiresOn }) => ({
      action: approved ? 'document.approve' : 'document.reject',
      entityType: 'driver_document',
      entityId: documentId,
      before: { status: 'in_review', expires_on: found.expires_on },
      after: input.status === 'approved' ? { status: 'approved', expires_on: expiresOn } : { status: 'rejected', rejection_reason: input.reason },
      reason: input.status === 'rejected' ? input.reason : null,
    }),
    notice: async (_trx, found) => {
      const label = complianceText.kinds[found.kind];
      const notice = input.status === 'approved' ? documentText.notices.approved(label) : documentText.notices.rejected(label, input.reason);
      return { user_id: found.user_id, booking_id: null, ...notice, kind: 'document', link: '/driver-documents-upload' };
    },
  });
  return documentView(decided.row, await fileTypesOf(db, [decided.row]));
}
