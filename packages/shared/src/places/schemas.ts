import { z } from 'zod';
import { text } from '../text';

/**
 * A city's places (issue 30 §5, decision 0096): its airports, stations and landmarks, managed on
 * /geofence-management and offered by the booking page's place search and GPS pickup names in that city only.
 */
export const PLACE_KINDS = ['airport', 'station', 'landmark', 'other'] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number];

/** The most rows one import may hold. */
export const MAX_PLACES_IMPORT = 2000;
/** The most places the public list of one city answers (the booking page searches it in the browser, offline too). */
export const MAX_CITY_PLACES_LISTED = 5000;
/** Suggestions a search answers at most. */
export const PLACE_SEARCH_LIMIT = 8;
/** A GPS pickup is named after a place of its city this close ("Near Union Square"). */
export const PLACE_NEAR_M = 1200;

const kindMessage = `Kind is one of ${PLACE_KINDS.join(', ')}.`;

export const cityPlaceFields = {
  name: text().trim().min(1, 'Give the place a name.').max(120, 'Name: at most 120 characters.'),
  area: text().trim().max(120, 'Area: at most 120 characters.').default(''),
  kind: z.enum(PLACE_KINDS, { error: kindMessage }).default('other'),
  lat: z.coerce
    .number({ error: 'Latitude is −90 to 90.' })
    .finite('Latitude is −90 to 90.')
    .min(-90, 'Latitude is −90 to 90.')
    .max(90, 'Latitude is −90 to 90.'),
  lng: z.coerce
    .number({ error: 'Longitude is −180 to 180.' })
    .finite('Longitude is −180 to 180.')
    .min(-180, 'Longitude is −180 to 180.')
    .max(180, 'Longitude is −180 to 180.'),
};

/** `POST /api/admin/cities/:id/places`. */
export const createCityPlaceSchema = z.strictObject(cityPlaceFields);
export type CreateCityPlaceInput = z.infer<typeof createCityPlaceSchema>;
/** `PATCH /api/admin/city-places/:id`: the fields to change. */
export const updateCityPlaceSchema = z
  .strictObject({
    name: cityPlaceFields.name,
    area: text().trim().max(120, 'Area: at most 120 characters.'),
    kind: z.enum(PLACE_KINDS, { error: kindMessage }),
    lat: cityPlaceFields.lat,
    lng: cityPlaceFields.lng,
  })
  .partial();
export type UpdateCityPlaceInput = z.infer<typeof updateCityPlaceSchema>;

/** `POST /api/admin/cities/:id/places/import`: a CSV (name,area,kind,lat,lng) or a GeoJSON FeatureCollection of Points, as text. */
export const importCityPlacesSchema = z.strictObject({
  format: z.enum(['csv', 'geojson'], { error: 'Format is csv or geojson.' }),
  text: z.string().min(1, 'The file is empty.').max(1_000_000, 'At most 1 MB.'),
});
export type ImportCityPlacesInput = z.infer<typeof importCityPlacesSchema>;

/** `GET /api/cities/:id/places`: names or areas containing `q`, or (with `lat` and `lng`) the places nearest a point. */
export const cityPlacesQuerySchema = z.object({
  q: text().trim().max(100).optional(),
  lat: z.coerce.number().min(-90).max(90).optional(),
  lng: z.coerce.number().min(-180).max(180).optional(),
});

/** One row's refusal in an import: the row (1 = the first place, after a CSV's header) and why. */
export type ImportRowError = { row: number; message: string };

const CSV_COLUMNS = ['name', 'area', 'kind', 'lat', 'lng'] as const;

/** The fields of one CSV line: commas inside double quotes stay, `""` is a quote. */
function csvFields(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      fields.push(field);
      field = '';
    } else field += ch;
  }
  fields.push(field);
  return fields;
}

/** Reads one place, or says why not. */
function readPlace(raw: Record<string, unknown>, row: number): CreateCityPlaceInput | ImportRowError {
  const parsed = createCityPlaceSchema.safeParse({
    name: raw.name ?? '',
    area: raw.area ?? '',
    kind: raw.kind === '' || raw.kind == null ? 'other' : raw.kind,
    lat: raw.lat === '' ? undefined : raw.lat,
    lng: raw.lng === '' ? undefined : raw.lng,
  });
  return parsed.success ? parsed.data : { row, message: parsed.error.issues.map((i) => i.message).join(' ') };
}

/**
 * The places of an import file, or every row's refusal: all or nothing. CSV: a header `name,area,kind,lat,lng`
 * (any order; `area` and `kind` may be left out). GeoJSON: a FeatureCollection of Points, properties `name`,
 * `area`, `kind`.
 */
export function parsePlacesImport(input: ImportCityPlacesInput): { places: CreateCityPlaceInput[] } | { errors: ImportRowError[] } {
  const rows: { raw: Record<string, unknown>; row: number }[] = [];
  if (input.format === 'csv') {
    const lines = input.text.replace(/^\uFEFF/, '').split(/\r?\n/);
    const header = csvFields(lines[0] ?? '').map((h) => h.trim().toLowerCase());
    const missing = ['name', 'lat', 'lng'].filter((c) => !header.includes(c));
    const unknown = header.filter((h) => !(CSV_COLUMNS as readonly string[]).includes(h));
    if (missing.length || unknown.length)
      return {
        errors: [
          {
            row: 0,
            message: `The header must be ${CSV_COLUMNS.join(',')} (missing: ${missing.join(', ') || 'none'}; unknown: ${unknown.join(', ') || 'none'}).`,
          },
        ],
      };
    lines.slice(1).forEach((line, i) => {
      if (line.trim() === '') return;
      const fields = csvFields(line);
      rows.push({ raw: Object.fromEntries(header.map((h, j) => [h, fields[j]?.trim() ?? ''])), row: i + 1 });
    });
  } else {
    let doc: unknown;
    try {
      doc = JSON.parse(input.text);
    } catch {
      return { errors: [{ row: 0, message: 'The file is not JSON.' }] };
    }
    const collection = doc as { type?: unknown; features?: unknown };
    if (collection?.type !== 'FeatureCollection' || !Array.isArray(collection.features))
      return { errors: [{ row: 0, message: 'Import a GeoJSON FeatureCollection of Points.' }] };
    collection.features.forEach((f: { type?: unknown; geometry?: { type?: unknown; coordinates?: unknown }; properties?: Record<string, unknown> }, i) => {
      const coords = f?.geometry?.type === 'Point' && Array.isArray(f.geometry.coordinates) ? (f.geometry.coordinates as unknown[]) : null;
      if (f?.type !== 'Feature' || !coords) rows.push({ raw: { name: '', lat: 'x' }, row: -(i + 1) });
      else rows.push({ raw: { ...(f.properties ?? {}), lng: coords[0], lat: coords[1] }, row: i + 1 });
    });
  }
  if (rows.length === 0) return { errors: [{ row: 0, message: 'The file holds no places.' }] };
  if (rows.length > MAX_PLACES_IMPORT) return { errors: [{ row: 0, message: `At most ${MAX_PLACES_IMPORT} places at once.` }] };
  const errors: ImportRowError[] = [];
  const places: CreateCityPlaceInput[] = [];
  const names = new Map<string, number>();
  for (const { raw, row } of rows) {
    if (row < 0) {
      errors.push({ row: -row, message: 'Each feature must be a GeoJSON Feature with a Point geometry.' });
      continue;
    }
    const place = readPlace(raw, row);
    if ('message' in place) {
      errors.push(place);
      continue;
    }
    const key = place.name.toLowerCase();
    const first = names.get(key);
    if (first !== undefined) errors.push({ row, message: `The name "${place.name}" is also on row ${first}.` });
    else names.set(key, row);
    places.push(place);
  }
  return errors.length ? { errors } : { places };
}

/** Lower case, accents dropped, apostrophes removed ("Fisherman's" → "fishermans"), other punctuation → space. */
export function placeSearchKey(...parts: string[]): string {
  return parts
    .join(' ')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The places of a list matching a typed query, as the server's search ranks them: every word of the query
 * starts a word of the name or area (case, accents and punctuation ignored); a name starting with the query
 * first, then shorter names, then by name. The booking page searches its city's list with it (offline too).
 */
export function matchPlaces<P extends { name: string; area: string }>(places: readonly P[], query: string, limit = PLACE_SEARCH_LIMIT): P[] {
  const key = placeSearchKey(query);
  if (!key) return [];
  const words = key.split(' ');
  const hits: { place: P; rank: number }[] = [];
  for (const place of places) {
    const own = placeSearchKey(place.name, place.area);
    const ownWords = ` ${own}`;
    if (!words.every((w) => ownWords.includes(` ${w}`))) continue;
    hits.push({ place, rank: own.startsWith(key) ? 0 : 1 });
  }
  hits.sort((a, b) => a.rank - b.rank || a.place.name.length - b.place.name.length || a.place.name.localeCompare(b.place.name));
  return hits.slice(0, limit).map((h) => h.place);
}
