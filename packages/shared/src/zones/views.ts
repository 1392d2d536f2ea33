import { z } from 'zod';
import { timestampSchema } from '../contract';
import { rideTypeViewSchema } from '../rides/views';
import { ZONE_TYPES, zoneGeometrySchema } from './schemas';

export const adminCitySchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  currency: z.string(),
  timezone: z.string(),
  center_lat: z.number(),
  center_lng: z.number(),
  /** What SOS offers to call in this city; null: the deployment's EMERGENCY_NUMBER (migration 0040). */
  emergency_number: z.string().nullable(),
  /** Whose phone numbers people here type (ISO 3166-1 alpha-2); null: the deployment's DEFAULT_COUNTRY (migration 0051). */
  country: z.string().nullable(),
});
export type AdminCity = z.infer<typeof adminCitySchema>;

export const zoneSchema = z.strictObject({
  id: z.string(),
  city_id: z.string(),
  type: z.enum(ZONE_TYPES),
  name: z.string(),
  color: z.string(),
  priority: z.number().int(),
  enabled: z.boolean(),
  geometry: zoneGeometrySchema,
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Zone = z.infer<typeof zoneSchema>;

/** A zone as a lookup names it: no geometry. */
export const zoneRefSchema = z.strictObject({
  id: z.string(),
  city_id: z.string(),
  type: z.enum(ZONE_TYPES),
  name: z.string(),
  color: z.string(),
  priority: z.number().int(),
});
export type ZoneRef = z.infer<typeof zoneRefSchema>;

export const citiesResponseSchema = z.strictObject({ items: z.array(adminCitySchema) });
export const cityResponseSchema = z.strictObject({ city: adminCitySchema });
/** Every zone of one city (a city has tens, not thousands: one answer, not pages). */
export const zonesResponseSchema = z.strictObject({ items: z.array(zoneSchema) });
export const zoneResponseSchema = z.strictObject({ zone: zoneSchema });
export const importZonesResponseSchema = z.strictObject({ items: z.array(zoneSchema) });

/** A city's zones as GeoJSON, each Feature's properties what an import reads back. */
export const zonesExportSchema = z.strictObject({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.strictObject({
      type: z.literal('Feature'),
      id: z.string(),
      geometry: zoneGeometrySchema,
      properties: z.strictObject({ name: z.string(), type: z.enum(ZONE_TYPES), color: z.string(), priority: z.number().int(), enabled: z.boolean() }),
    }),
  ),
});
export type ZonesExport = z.infer<typeof zonesExportSchema>;

/** What applies at a point: the city (by its service area), the zones, and what a ride starting there costs. */
export const testPointSchema = z.strictObject({
  point: z.strictObject({ lat: z.number(), lng: z.number() }),
  city: z.strictObject({ id: z.string(), name: z.string(), currency: z.string(), timezone: z.string() }).nullable(),
  service_area: zoneRefSchema.nullable(),
  /** The enabled pricing zone of highest priority holding the point. */
  pricing_zone: zoneRefSchema.nullable(),
  /** Every enabled zone holding the point, highest priority first. */
  zones: z.array(zoneRefSchema),
  /** An enabled restricted zone holds the point: no ride may end here. */
  restricted: z.boolean(),
  /** Fares per ride type of a reference trip starting here (empty outside every service area). */
  reference_trip: z.strictObject({ distance_m: z.number().int(), duration_s: z.number().int() }),
  fares: z.array(z.strictObject({ ride_type: rideTypeViewSchema, name: z.string(), fare_cents: z.number().int() })),
  /** The surge multiplier the fares include (1 outside every pricing zone, or when it is not surging). */
  surge_multiplier: z.number(),
  /** The pricing zone whose surge applies here and its multiplier in tenths; null outside every pricing zone. */
  surge: z.strictObject({ zone_id: z.string(), zone_name: z.string(), multiplier_tenths: z.number().int() }).nullable(),
});
export type TestPoint = z.infer<typeof testPointSchema>;
