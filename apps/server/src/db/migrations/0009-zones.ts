import { type Kysely, sql } from 'kysely';

/**
 * Cities, service areas and zones (issue 12, decision 0031). A city gets its time zone; its service area and
 * its other zones become polygons (GeoJSON, positions `[lng, lat]`). The old circle (`center_*`, `radius_km`)
 * decides nothing any more: the centre stays as where the map opens on the city.
 *
 * The demo city, San Francisco, seeds:
 * - its service area: the land outline of packages/shared/src/geo/street-grid.ts (hand-drawn to ~100 m)
 *   pushed 200 m out (and out to the piers' ends along the Embarcadero), so a pin on a pier, the beach or
 *   the county line is still served;
 * - SFO's grounds as a second service area (the airport is in San Mateo County, outside the city's land),
 *   with an `airport` zone over the terminals;
 * - a downtown `pricing_zone` (Financial District and SoMa);
 * - Alcatraz Island as a `restricted` zone: no ride can end there.
 */
/** `[lat, lng]` corners → a closed GeoJSON ring of `[lng, lat]`. */
export const ring = (latLngs: [number, number][]) => [...latLngs.map(([lat, lng]) => [lng, lat]), [latLngs[0]![1], latLngs[0]![0]]];
const polygon = (latLngs: [number, number][]) => JSON.stringify({ type: 'Polygon', coordinates: [ring(latLngs)] });

export const SF_SERVICE_AREA: [number, number][] = [
  [37.7063, -122.5046],
  [37.7198, -122.5063],
  [37.7348, -122.5093],
  [37.7528, -122.5118],
  [37.7697, -122.5133],
  [37.7794, -122.5159],
  [37.7841, -122.5118],
  [37.7893, -122.5061],
  [37.7898, -122.4939],
  [37.7946, -122.4864],
  [37.8104, -122.4777],
  [37.8058, -122.4647],
  [37.8078, -122.4453],
  [37.8093, -122.431],
  [37.8086, -122.4232],
  [37.8103, -122.4152],
  [37.8105, -122.406],
  [37.8075, -122.401],
  [37.803, -122.395],
  [37.7985, -122.3905],
  [37.7912, -122.3863],
  [37.7851, -122.3852],
  [37.7792, -122.3852],
  [37.7732, -122.3837],
  [37.7643, -122.3837],
  [37.7582, -122.3806],
  [37.7501, -122.3827],
  [37.743, -122.38],
  [37.7363, -122.3715],
  [37.7302, -122.3623],
  [37.7225, -122.3558],
  [37.7137, -122.3734],
  [37.7073, -122.3787],
  [37.7063, -122.3929],
];
export const SFO_GROUNDS: [number, number][] = [
  [37.6335, -122.3995],
  [37.6325, -122.3835],
  [37.6255, -122.3655],
  [37.6135, -122.3555],
  [37.603, -122.3625],
  [37.6045, -122.385],
  [37.613, -122.402],
];
export const SFO_TERMINALS: [number, number][] = [
  [37.62, -122.394],
  [37.62, -122.3805],
  [37.611, -122.3805],
  [37.611, -122.394],
];
export const DOWNTOWN: [number, number][] = [
  [37.7995, -122.3955],
  [37.7975, -122.406],
  [37.787, -122.4085],
  [37.772, -122.419],
  [37.769, -122.412],
  [37.776, -122.3925],
  [37.785, -122.3885],
  [37.7925, -122.389],
];
export const ALCATRAZ: [number, number][] = [
  [37.829, -122.425],
  [37.829, -122.4205],
  [37.825, -122.4205],
  [37.825, -122.425],
];

export async function up(db: Kysely<any>) {
  await sql`alter table cities add column timezone text not null default 'UTC'`.execute(db);
  await sql`alter table cities alter column radius_km set default 30`.execute(db);
  await sql`update cities set timezone = 'America/Los_Angeles' where id = 'sf'`.execute(db);

  await sql`create table zones (
    id uuid primary key default gen_random_uuid(),
    city_id text not null references cities (id) on delete cascade,
    type text not null check (type in ('service_area', 'pricing_zone', 'airport', 'restricted')),
    name text not null,
    color text not null,
    priority integer not null default 0,
    enabled boolean not null default true,
    geometry jsonb not null check (geometry->>'type' in ('Polygon', 'MultiPolygon')),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index zones_city_idx on zones (city_id, priority desc)`.execute(db);

  const sf = await sql<{ id: string }>`select id from cities where id = 'sf'`.execute(db);
  if (sf.rows.length === 0) return;
  await sql`insert into zones (city_id, type, name, color, priority, enabled, geometry) values
    ('sf', 'service_area', 'San Francisco', '#16a34a', 0, true, ${polygon(SF_SERVICE_AREA)}::jsonb),
    ('sf', 'service_area', 'SFO airport grounds', '#16a34a', 0, true, ${polygon(SFO_GROUNDS)}::jsonb),
    ('sf', 'airport', 'SFO terminals', '#7c3aed', 20, true, ${polygon(SFO_TERMINALS)}::jsonb),
    ('sf', 'pricing_zone', 'Downtown (Financial District and SoMa)', '#ea580c', 10, true, ${polygon(DOWNTOWN)}::jsonb),
    ('sf', 'restricted', 'Alcatraz Island', '#dc2626', 100, true, ${polygon(ALCATRAZ)}::jsonb)`.execute(db);
}
