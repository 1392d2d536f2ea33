import { distanceMeters } from '@openride/shared/geo/lat-lng';
import {
  type CreateCityPlaceInput,
  type ImportCityPlacesInput,
  parsePlacesImport,
  MAX_CITY_PLACES_LISTED,
  PLACE_NEAR_M,
  PLACE_SEARCH_LIMIT,
  placeSearchKey,
  type UpdateCityPlaceInput,
} from '@openride/shared/places/schemas';
import type { CityPlace, PlaceSuggestionView } from '@openride/shared/places/views';
import { isUuid } from '@openride/shared/text';
import { type Kysely, sql } from 'kysely';
import { recordAudit } from '../audit/record-audit';
import type { DB } from '../db/schema';
import { AppError, badRequest, isUniqueViolation, notFound } from '../lib/errors';
import type { Ports } from '../ports';

type Deps = Pick<Ports, 'db'>;

const COLUMNS = ['id', 'city_id', 'name', 'area', 'kind', 'lat', 'lng', 'created_at', 'updated_at'] as const;
type Row = Omit<CityPlace, 'created_at' | 'updated_at'> & { created_at: Date | string; updated_at: Date | string };
const iso = (d: Date | string) => new Date(d).toISOString();
const view = (row: Row): CityPlace => ({
  ...row,
  lat: Number(row.lat),
  lng: Number(row.lng),
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
});
/** What the audit log keeps of a place: everything but the timestamps. */
const audited = (p: CityPlace) => ({ city_id: p.city_id, name: p.name, area: p.area, kind: p.kind, lat: p.lat, lng: p.lng });
const UNIQUE = 'city_places_city_name_key';
const duplicate = (name: string) => new AppError('CONFLICT', `This city already has a place named "${name}".`);

async function requireCity(trx: Kysely<DB>, cityId: string) {
  const city = await trx.selectFrom('cities').select('id').where('id', '=', cityId).forShare().executeTakeFirst();
  if (!city) throw notFound('City not found');
}

/** Every place of a city, by name. */
export async function listCityPlaces(db: Kysely<DB>, cityId: string) {
  const rows = await db.selectFrom('city_places').select(COLUMNS).where('city_id', '=', cityId).orderBy('name').orderBy('id').execute();
  return rows.map(view);
}

const suggestion = (p: CityPlace | Row): PlaceSuggestionView => ({
  id: p.id,
  name: p.name,
  area: p.area,
  kind: p.kind,
  lat: Number(p.lat),
  lng: Number(p.lng),
});

/**
 * The public search (decision 0096): a city's places whose name or area has a word starting with each word of
 * `q` (case, accents and punctuation ignored), a name starting with `q` first, then shorter names (as
 * `matchPlaces`); given a point, the places within PLACE_NEAR_M of it, nearest first; neither, every place of the
 * city (at most MAX_CITY_PLACES_LISTED). Only that city's places, ever.
 */
export async function searchCityPlaces(db: Kysely<DB>, cityId: string, query: { q?: string; lat?: number; lng?: number }): Promise<PlaceSuggestionView[]> {
  if (query.lat !== undefined && query.lng !== undefined) {
    const point = { lat: query.lat, lng: query.lng };
    // A box around the point (a degree of latitude is ~111 km), then the exact distance here.
    const dLat = PLACE_NEAR_M / 111_000;
    const dLng = dLat / Math.max(0.01, Math.cos((point.lat * Math.PI) / 180));
    const rows = await db
      .selectFrom('city_places')
      .select(COLUMNS)
      .where('city_id', '=', cityId)
      .where('lat', '>=', point.lat - dLat)
      .where('lat', '<=', point.lat + dLat)
      .where('lng', '>=', point.lng - dLng)
      .where('lng', '<=', point.lng + dLng)
      .execute();
    return rows
      .map((r) => ({ r, d: distanceMeters(point, { lat: Number(r.lat), lng: Number(r.lng) }) }))
      .filter((x) => x.d <= PLACE_NEAR_M)
      .sort((a, b) => a.d - b.d)
      .slice(0, PLACE_SEARCH_LIMIT)
      .map((x) => suggestion(x.r));
  }
  if (query.q === undefined) {
    // Neither: the whole list, for the browser to search (and name GPS fixes with) as the rider types.
    const rows = await db
      .selectFrom('city_places')
      .select(COLUMNS)
      .where('city_id', '=', cityId)
      .orderBy('name')
      .orderBy('id')
      .limit(MAX_CITY_PLACES_LISTED)
      .execute();
    return rows.map(suggestion);
  }
  const key = placeSearchKey(query.q);
  if (!key) return [];
  const words = key.split(' ');
  const escape = (w: string) => w.replace(/[\\%_]/g, (c) => `\\${c}`);
  let rows = db
    .selectFrom('city_places')
    .select([...COLUMNS, 'search_key'])
    .where('city_id', '=', cityId);
  // Each word of the query starts a word of the name or area.
  for (const w of words) rows = rows.where(sql<boolean>`(' ' || search_key) like ${`% ${escape(w)}%`}`);
  const found = await rows
    .orderBy(sql`case when search_key like ${`${escape(key)}%`} then 0 else 1 end`)
    .orderBy(sql`length(name)`)
    .orderBy('name')
    .limit(PLACE_SEARCH_LIMIT)
    .execute();
  return found.map(suggestion);
}

async function insertPlace(trx: Kysely<DB>, cityId: string, input: CreateCityPlaceInput) {
  const row = await trx
    .insertInto('city_places')
    .values({
      city_id: cityId,
      name: input.name,
      area: input.area,
      kind: input.kind,
      lat: input.lat,
      lng: input.lng,
      search_key: placeSearchKey(input.name, input.area),
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return view(row);
}

/** An operator adds a place to a city (audited). 409 when the city has one of that name (any case). */
export async function createCityPlace(services: Deps, adminId: string, cityId: string, input: CreateCityPlaceInput) {
  try {
    return await services.db.transaction().execute(async (trx) => {
      await requireCity(trx, cityId);
      const place = await insertPlace(trx, cityId, input);
      await recordAudit(trx, {
        actorId: adminId,
        action: 'city_place.create',
        entityType: 'city_place',
        entityId: place.id,
        before: null,
        after: audited(place),
        cityId,
      });
      return place;
    });
  } catch (err) {
    if (isUniqueViolation(err, UNIQUE)) throw duplicate(input.name);
    throw err;
  }
}

/** An operator changes a place (audited: what changed). */
export async function updateCityPlace(services: Deps, adminId: string, id: string, input: UpdateCityPlaceInput) {
  if (!isUuid(id)) throw notFound('Place not found');
  try {
    return await services.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('city_places').select(COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
      if (!row) throw notFound('Place not found');
      const before = view(row);
      const keys = (Object.keys(input) as (keyof UpdateCityPlaceInput)[]).filter((k) => input[k] !== undefined && input[k] !== before[k]);
      if (keys.length === 0) return before;
      const next = { ...before, ...input };
      const updated = await trx
        .updateTable('city_places')
        .set({ ...input, search_key: placeSearchKey(next.name, next.area), updated_at: new Date() })
        .where('id', '=', id)
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
      const after = view(updated);
      await recordAudit(trx, {
        actorId: adminId,
        action: 'city_place.update',
        entityType: 'city_place',
        entityId: id,
        before: Object.fromEntries(keys.map((k) => [k, before[k]])),
        after: Object.fromEntries(keys.map((k) => [k, after[k]])),
        cityId: before.city_id,
      });
      return after;
    });
  } catch (err) {
    if (isUniqueViolation(err, UNIQUE)) throw duplicate(input.name ?? '');
    throw err;
  }
}

/** An operator deletes a place (audited, with the whole place as it was). */
export async function deleteCityPlace(services: Deps, adminId: string, id: string) {
  if (!isUuid(id)) throw notFound('Place not found');
  return services.db.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom('city_places').where('id', '=', id).returning(COLUMNS).executeTakeFirst();
    if (!row) throw notFound('Place not found');
    const before = view(row);
    await recordAudit(trx, {
      actorId: adminId,
      action: 'city_place.delete',
      entityType: 'city_place',
      entityId: id,
      before: audited(before),
      after: null,
      cityId: before.city_id,
    });
    return before;
  });
}

/**
 * The places of a CSV or GeoJSON file added to a city in one transaction (one audit row each): every row
 * good, or nothing — a bad row answers 400 naming every bad row, a name the city holds 409.
 */
export async function importCityPlaces(services: Deps, adminId: string, cityId: string, input: ImportCityPlacesInput) {
  const parsed = parsePlacesImport(input);
  if ('errors' in parsed) {
    const first = parsed.errors[0]!;
    const where = first.row === 0 ? '' : `Row ${first.row}: `;
    throw badRequest(`Nothing imported. ${where}${first.message}${parsed.errors.length > 1 ? ` (and ${parsed.errors.length - 1} more)` : ''}`, {
      rows: parsed.errors,
    });
  }
  return services.db.transaction().execute(async (trx) => {
    await requireCity(trx, cityId);
    const held = await trx
      .selectFrom('city_places')
      .select('name')
      .where('city_id', '=', cityId)
      .where(sql<boolean>`lower(name) = any(${sql.val(parsed.places.map((p) => p.name.toLowerCase()))}::text[])`)
      .execute();
    if (held.length) {
      const heldNames = new Set(held.map((h) => h.name.toLowerCase()));
      const rows = parsed.places.flatMap((p, i) =>
        heldNames.has(p.name.toLowerCase()) ? [{ row: i + 1, message: `This city already has a place named "${p.name}".` }] : [],
      );
      throw new AppError('CONFLICT', `Nothing imported. Row ${rows[0]!.row}: ${rows[0]!.message}`, { rows });
    }
    const created: CityPlace[] = [];
    for (const p of parsed.places) {
      const place = await insertPlace(trx, cityId, p);
      await recordAudit(trx, {
        actorId: adminId,
        action: 'city_place.import',
        entityType: 'city_place',
        entityId: place.id,
        before: null,
        after: audited(place),
        cityId,
      });
      created.push(place);
    }
    return created;
  });
}
