import { z } from 'zod';
import { isPhoneCountry } from '../phone';
import { text } from '../text';
import { isCurrency } from '../money';

/**
 * Cities, service areas and zones (issue 12, /geofence-management; decision 0031). A zone is a GeoJSON
 * Polygon or MultiPolygon — positions are `[lng, lat]` as GeoJSON has them — with a type, a name, a colour,
 * a priority (the highest wins where zones overlap) and an on/off switch.
 */
export const ZONE_TYPES = ['service_area', 'pricing_zone', 'airport', 'restricted'] as const;
export type ZoneType = (typeof ZONE_TYPES)[number];

/** The most positions one zone may hold (all rings together): an imported coastline stays reasonable. */
export const MAX_ZONE_POSITIONS = 5000;

export const geometryMessages = {
  position: 'Each point must be [longitude, latitude], longitude −180 to 180, latitude −90 to 90.',
  closed: 'Each ring must be closed: its last point must repeat its first.',
  distinct: 'Each ring needs at least 3 distinct points.',
  tooMany: `A zone may hold at most ${MAX_ZONE_POSITIONS} points.`,
} as const;

const positionSchema = z
  .array(z.number().finite(), { error: geometryMessages.position })
  .min(2, geometryMessages.position)
  .max(3, geometryMessages.position)
  .refine((p) => p[0]! >= -180 && p[0]! <= 180 && p[1]! >= -90 && p[1]! <= 90, geometryMessages.position);

const samePosition = (a: readonly number[], b: readonly number[]) => a[0] === b[0] && a[1] === b[1];

/** A linear ring: closed (last = first), and at least 3 distinct points besides the closing one. */
export const ringSchema = z
  .array(positionSchema)
  .min(4, geometryMessages.distinct)
  .refine((ring) => samePosition(ring[0]!, ring[ring.length - 1]!), geometryMessages.closed)
  .refine((ring) => new Set(ring.map((p) => `${p[0]},${p[1]}`)).size >= 3, geometryMessages.distinct);

const polygonCoordinates = z.array(ringSchema).min(1, 'A polygon needs an outer ring.').max(100);

const countPositions = (g: { type: string; coordinates: unknown }) =>
  g.type === 'Polygon'
    ? (g.coordinates as number[][][]).reduce((n, r) => n + r.length, 0)
    : (g.coordinates as number[][][][]).reduce((n, poly) => n + poly.reduce((m, r) => m + r.length, 0), 0);

export const zoneGeometrySchema = z
  .discriminatedUnion(
    'type',
    [
      z.strictObject({ type: z.literal('Polygon'), coordinates: polygonCoordinates }),
      z.strictObject({
        type: z.literal('MultiPolygon'),
        coordinates: z.array(polygonCoordinates).min(1, 'A MultiPolygon needs at least one polygon.').max(100),
      }),
    ],
    { error: 'The geometry must be a GeoJSON Polygon or MultiPolygon.' },
  )
  .refine((g) => countPositions(g) <= MAX_ZONE_POSITIONS, geometryMessages.tooMany);
export type ZoneGeometry = z.infer<typeof zoneGeometrySchema>;

export const zoneColorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Colour must be a hex colour like #2563eb.');
export const zoneNameSchema = text().trim().min(1, 'Give the zone a name.').max(80, 'At most 80 characters.');
export const zonePrioritySchema = z.coerce
  .number()
  .int('Priority must be a whole number.')
  .min(-1000, 'Priority is −1000 to 1000.')
  .max(1000, 'Priority is −1000 to 1000.');

/** A city's id: a short slug (`sf`, `new-york`), fixed once created (rides carry it). */
export const citySlugSchema = text()
  .trim()
  .min(2, 'At least 2 characters.')
  .max(40, 'At most 40 characters.')
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Use lowercase letters, digits and dashes, like new-york.');

/** True when `tz` is an IANA time zone this runtime knows (`America/Los_Angeles`, `UTC`). */
export function isTimeZone(tz: string) {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(tz)) return false;
  try {
    new Intl.DateTimeFormat(undefined, { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const cityFields = {
  name: text().trim().min(1, 'Give the city a name.').max(80, 'At most 80 characters.'),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, 'Currency is a 3-letter ISO 4217 code, like USD.')
    .refine(isCurrency, 'No such ISO 4217 currency: use a code like USD, EUR or JPY.'),
  timezone: text().trim().max(64).refine(isTimeZone, 'Time zone must be an IANA name, like America/Los_Angeles.'),
  /** Where the map opens on the city before it has zones. */
  center_lat: z.coerce.number().min(-90, 'Latitude is −90 to 90.').max(90, 'Latitude is −90 to 90.'),
  center_lng: z.coerce.number().min(-180, 'Longitude is −180 to 180.').max(180, 'Longitude is −180 to 180.'),
  /** What SOS offers to call here (911, 112, 999…); empty: the deployment's EMERGENCY_NUMBER. */
  emergency_number: z
    .string()
    .trim()
    .regex(/^([0-9+*#]{2,15})?$/, 'Emergency number is 2–15 digits (+, * and # allowed), like 911.')
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
  /** Whose phone numbers people here type (ISO 3166-1 alpha-2, decision 0094); empty: the deployment's DEFAULT_COUNTRY. */
  country: z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => v === '' || isPhoneCountry(v), 'Country is a 2-letter ISO 3166-1 code with phone numbers, like US or ES.')
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
};

/** `POST /api/admin/cities`. */
export const createCitySchema = z.strictObject({ id: citySlugSchema, ...cityFields });
export type CreateCityInput = z.infer<typeof createCitySchema>;
/** `PATCH /api/admin/cities/:id`: the fields to change. */
export const updateCitySchema = z.strictObject(cityFields).partial();
export type UpdateCityInput = z.infer<typeof updateCitySchema>;

const zoneFields = {
  type: z.enum(ZONE_TYPES, { error: 'Type is one of service_area, pricing_zone, airport, restricted.' }),
  name: zoneNameSchema,
  color: zoneColorSchema,
  priority: zonePrioritySchema,
  enabled: z.boolean(),
  geometry: zoneGeometrySchema,
};

/** `POST /api/admin/zones`. */
export const createZoneSchema = z.strictObject({ city_id: citySlugSchema, ...zoneFields });
export type CreateZoneInput = z.infer<typeof createZoneSchema>;
/** `PATCH /api/admin/zones/:id`: the fields to change. */
export const updateZoneSchema = z.strictObject(zoneFields).partial();
export type UpdateZoneInput = z.infer<typeof updateZoneSchema>;

export const ZONE_DEFAULTS = { color: '#2563eb', priority: 0, enabled: true } as const;

/** One Feature of an imported FeatureCollection: properties name and type required, the rest defaulted. */
const importFeatureSchema = z.object({
  type: z.literal('Feature'),
  geometry: zoneGeometrySchema,
  properties: z.object({
    name: zoneNameSchema,
    type: zoneFields.type,
    color: zoneColorSchema.default(ZONE_DEFAULTS.color),
    priority: zonePrioritySchema.default(ZONE_DEFAULTS.priority),
    enabled: z.boolean().default(ZONE_DEFAULTS.enabled),
  }),
});

/** `POST /api/admin/zones/import`: a FeatureCollection added to a city's zones, all or nothing. */
export const importZonesSchema = z.strictObject({
  city_id: citySlugSchema,
  collection: z.object({
    type: z.literal('FeatureCollection', { error: 'Import a GeoJSON FeatureCollection.' }),
    features: z.array(importFeatureSchema).min(1, 'The collection has no features.').max(500, 'At most 500 zones at once.'),
  }),
});
export type ImportZonesInput = z.infer<typeof importZonesSchema>;

export const cityQuerySchema = z.object({ city_id: citySlugSchema });

/** `GET /api/admin/zones/test-point`. */
export const testPointQuerySchema = z.object({
  lat: z.coerce.number().min(-90, 'Latitude is −90 to 90.').max(90, 'Latitude is −90 to 90.'),
  lng: z.coerce.number().min(-180, 'Longitude is −180 to 180.').max(180, 'Longitude is −180 to 180.'),
});

/** The trip the Test a point tool prices: short, so a pickup's fares are easy to compare. */
export const REFERENCE_TRIP = { distance_m: 5000, duration_s: 900 } as const;
