import { complianceText, documentText } from '@openride/shared/compliance/compliance-text';
import { DOCUMENT_KINDS, type DocumentTypesInput } from '@openride/shared/compliance/schemas';
import type { CityDocumentTypes, DocumentTypeView } from '@openride/shared/compliance/views';
import type { Kysely } from 'kysely';
import { recordAudit } from '../audit/record-audit';
import type { DB } from '../db/schema';
import { notFound } from '../lib/errors';

const TYPE_COLUMNS = ['id', 'city_id', 'kind', 'required', 'expiry_required', 'sides', 'updated_at'] as const;
type TypeRow = {
  id: string;
  city_id: string;
  kind: DocumentTypeView['kind'];
  required: boolean;
  expiry_required: boolean;
  sides: 'one' | 'front_back';
  updated_at: Date;
};

const rank = (kind: string) => DOCUMENT_KINDS.indexOf(kind as (typeof DOCUMENT_KINDS)[number]);

export const documentTypeView = (row: TypeRow): DocumentTypeView => ({
  id: row.id,
  city_id: row.city_id,
  kind: row.kind,
  label: complianceText.kinds[row.kind],
  required: row.required,
  expiry_required: row.expiry_required,
  sides: row.sides,
  updated_at: row.updated_at ? new Date(row.updated_at).toISOString() : null,
});

/** A city's kinds, in the fixed order of DOCUMENT_KINDS. */
export async function documentTypesOf(db: Kysely<DB>, cityId: string): Promise<DocumentTypeView[]> {
  const rows = await db.selectFrom('document_types').select(TYPE_COLUMNS).where('city_id', '=', cityId).execute();
  return rows.sort((a, b) => rank(a.kind) - rank(b.kind)).map(documentTypeView);
}

async function cityExists(db: Kysely<DB>, cityId: string) {
  return Boolean(await db.selectFrom('cities').select('id').where('id', '=', cityId).executeTakeFirst());
}

export async function getDocumentTypes(db: Kysely<DB>, cityId: string): Promise<CityDocumentTypes> {
  if (!(await cityExists(db, cityId))) throw notFound(documentText.errors.cityNotFound);
  return { city_id: cityId, types: await documentTypesOf(db, cityId) };
}

/**
 * An admin sets a city's kinds (audited: the kinds that changed, before and after). Nothing else moves: the
 * hold is a rule read where it decides (decision 0049), so a kind newly required holds its drivers at once.
 */
export async function setDocumentTypes(db: Kysely<DB>, adminId: string, input: DocumentTypesInput): Promise<CityDocumentTypes> {
  const cityId = input.city_id;
  if (!(await cityExists(db, cityId))) throw notFound(documentText.errors.cityNotFound);
  await db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('document_types')
      .select(['kind', 'required', 'expiry_required', 'sides'])
      .where('city_id', '=', cityId)
      .forUpdate()
      .execute();
    const was = new Map(rows.map((r) => [r.kind, r]));
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const now = new Date();
    for (const t of input.types) {
      const old = was.get(t.kind);
      const next = { required: t.required, expiry_required: t.expiry_required, sides: t.sides };
      if (old && old.required === next.required && old.expiry_required === next.expiry_required && old.sides === next.sides) continue;
      before[t.kind] = old ? { required: old.required, expiry_required: old.expiry_required, sides: old.sides } : null;
      after[t.kind] = next;
      await trx
        .insertInto('document_types')
        .values({ city_id: cityId, kind: t.kind, ...next, updated_by: adminId, updated_at: now })
        .onConflict((oc) => oc.columns(['city_id', 'kind']).doUpdateSet({ ...next, updated_by: adminId, updated_at: now }))
        .execute();
    }
    if (Object.keys(after).length > 0) {
      await recordAudit(trx, { actorId: adminId, action: 'document_types.update', entityType: 'city', entityId: cityId, before, after });
    }
  });
  return { city_id: cityId, types: await documentTypesOf(db, cityId) };
}
