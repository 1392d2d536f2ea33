import type { CreateZoneInput, ImportZonesInput, UpdateZoneInput } from '@openride/shared/zones/schemas';
import type { Zone } from '@openride/shared/zones/views';
import type { Kysely } from 'kysely';
import { recordAudit } from '../audit/record-audit';
import type { DB } from '../db/schema';
import { notFound } from '../lib/errors';
import { isUuid } from '@openride/shared/text';
import { ZONE_COLUMNS, zoneView } from './zones.repo';
import type { Ports } from '../ports';
import type { ZoneLocator } from './zone-locator';

type Deps = Pick<Ports, 'db'> & { zones: ZoneLocator };

/** What the audit log keeps of a zone: everything but the timestamps. */
const audited = (z: Zone) => ({
  city_id: z.city_id,
  type: z.type,
  name: z.name,
  color: z.color,
  priority: z.priority,
  enabled: z.enabled,
  geometry: z.geometry,
});

async function requireCity(trx: Kysely<DB>, cityId: string) {
  const city = await trx.selectFrom('cities').select('id').where('id', '=', cityId).forShare().executeTakeFirst();
  if (!city) throw notFound('City not found');
}

async function insertZone(trx: Kysely<DB>, cityId: string, input: Omit<CreateZoneInput, 'city_id'>) {
  const row = await trx
    .insertInto('zones')
    .values({
      city_id: cityId,
      type: input.type,
      name: input.name,
      color: input.color,
      priority: input.priority,
      enabled: input.enabled,
      geometry: JSON.stringify(input.geometry),
    })
    .returning(ZONE_COLUMNS)
    .executeTakeFirstOrThrow();
  return zoneView(row);
}

/** An admin draws a zone (audited). Lookups see it at once here, and in other processes on the bus. */
export async function createZone(services: Deps, adminId: string, input: CreateZoneInput) {
  const zone = await services.db.transaction().execute(async (trx) => {
    await requireCity(trx, input.city_id);
    const created = await insertZone(trx, input.city_id, input);
    await recordAudit(trx, { actorId: adminId, action: 'zone.create', entityType: 'zone', entityId: created.id, before: null, after: audited(created) });
    return created;
  });
  await services.zones.changed();
  return zone;
}

/** An admin changes a zone: name, type, colour, priority, the switch or the polygon (audited: what changed). */
export async function updateZone(services: Deps, adminId: string, id: string, input: UpdateZoneInput) {
  if (!isUuid(id)) throw notFound('Zone not found');
  const zone = await services.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('zones').select(ZONE_COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw notFound('Zone not found');
    const before = zoneView(row);
    const keys = (Object.keys(input) as (keyof UpdateZoneInput)[]).filter((k) => JSON.stringify(input[k]) !== JSON.stringify(before[k]));
    if (keys.length === 0) return before;
    const { geometry, ...rest } = input;
    const updated = await trx
      .updateTable('zones')
      .set({ ...rest, ...(geometry ? { geometry: JSON.stringify(geometry) } : {}), updated_at: new Date() })
      .where('id', '=', id)
      .returning(ZONE_COLUMNS)
      .executeTakeFirstOrThrow();
    const after = zoneView(updated);
    await recordAudit(trx, {
      actorId: adminId,
      action: 'zone.update',
      entityType: 'zone',
      entityId: id,
      before: Object.fromEntries(keys.map((k) => [k, before[k]])),
      after: Object.fromEntries(keys.map((k) => [k, after[k]])),
    });
    return after;
  });
  await services.zones.changed();
  return zone;
}

/** An admin deletes a zone (audited, with the whole zone as it was). */
export async function deleteZone(services: Deps, adminId: string, id: string) {
  if (!isUuid(id)) throw notFound('Zone not found');
  const zone = await services.db.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom('zones').where('id', '=', id).returning(ZONE_COLUMNS).executeTakeFirst();
    if (!row) throw notFound('Zone not found');
    const before = zoneView(row);
    // The zone is gone: its entry keeps the city it was of.
    await recordAudit(trx, {
      actorId: adminId,
      action: 'zone.delete',
      entityType: 'zone',
      entityId: id,
      before: audited(before),
      after: null,
      cityId: row.city_id,
    });
    return before;
  });
  await services.zones.changed();
  return zone;
}

/** Every Feature of a FeatureCollection becomes a zone of the city, in one transaction (one audit row each). */
export async function importZones(services: Deps, adminId: string, input: ImportZonesInput) {
  const zones = await services.db.transaction().execute(async (trx) => {
    await requireCity(trx, input.city_id);
    const created: Zone[] = [];
    for (const feature of input.collection.features) {
      const zone = await insertZone(trx, input.city_id, { ...feature.properties, geometry: feature.geometry });
      await recordAudit(trx, { actorId: adminId, action: 'zone.import', entityType: 'zone', entityId: zone.id, before: null, after: audited(zone) });
      created.push(zone);
    }
    return created;
  });
  await services.zones.changed();
  return zones;
}

/** A city's zones as a GeoJSON FeatureCollection: what `importZones` reads back. */
export function zonesAsGeoJson(zones: Zone[]) {
  return {
    type: 'FeatureCollection' as const,
    features: zones.map((z) => ({
      type: 'Feature' as const,
      id: z.id,
      geometry: z.geometry,
      properties: { name: z.name, type: z.type, color: z.color, priority: z.priority, enabled: z.enabled },
    })),
  };
}
