import type { SurgeOverrideInput, UpdateSurgeRuleInput } from '@openride/shared/surge/schemas';
import type { SurgeOverview, SurgeTimeline, SurgeZoneView } from '@openride/shared/surge/views';
import { isUuid } from '@openride/shared/text';
import type { Kysely } from 'kysely';
import { recordAudit } from '../audit/record-audit';
import type { DB } from '../db/schema';
import { demoEnabled } from '../env';
import { notFound } from '../lib/errors';
import { ruleOf } from './surge-engine';
import type { Ports } from '../ports';
import type { SurgeEngine } from './surge-engine';

type Deps = Pick<Ports, 'db' | 'env'> & { surge: SurgeEngine };

const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());

/** A city's settings row, or 404. */
async function settingsOf(db: Kysely<DB>, cityId: string, lock = false) {
  let q = db.selectFrom('surge_settings').selectAll().where('city_id', '=', cityId);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw notFound('City not found');
  return row;
}

/** Every enabled pricing zone of the city with its multiplier now (freeze and a live override applied). */
async function zoneViews(db: Kysely<DB>, cityId: string, frozen: boolean, now = new Date()): Promise<SurgeZoneView[]> {
  const rows = await db
    .selectFrom('zones')
    .leftJoin('surge_zones', 'surge_zones.zone_id', 'zones.id')
    .select([
      'zones.id',
      'zones.name',
      'zones.color',
      'zones.geometry',
      'surge_zones.multiplier_tenths',
      'surge_zones.requests',
      'surge_zones.drivers',
      'surge_zones.ratio',
      'surge_zones.reason',
      'surge_zones.threshold',
      'surge_zones.override_tenths',
      'surge_zones.override_until',
      'surge_zones.updated_at',
    ])
    .where('zones.city_id', '=', cityId)
    .where('zones.type', '=', 'pricing_zone')
    .where('zones.enabled', '=', true)
    .orderBy('zones.priority', 'desc')
    .orderBy('zones.name')
    .execute();
  return rows.map((r) => {
    const overrideLive = r.override_tenths != null && r.override_until != null && new Date(r.override_until) > now;
    const stamp = r.updated_at && new Date(r.updated_at).getTime() > 0 ? iso(r.updated_at) : null;
    return {
      zone_id: r.id,
      name: r.name,
      color: r.color,
      geometry: r.geometry as SurgeZoneView['geometry'],
      multiplier_tenths: frozen ? 10 : overrideLive ? r.override_tenths! : (r.multiplier_tenths ?? 10),
      requests: r.requests ?? 0,
      drivers: r.drivers ?? 0,
      ratio: r.ratio ?? 0,
      reason: frozen ? 'frozen' : overrideLive ? 'override' : ((r.reason as SurgeZoneView['reason'] | null) ?? 'ratio'),
      threshold: r.threshold ?? null,
      override_tenths: overrideLive ? r.override_tenths : null,
      override_until: overrideLive ? iso(r.override_until) : null,
      updated_at: stamp,
    };
  });
}

export async function getSurgeOverview(services: Deps, cityId: string): Promise<SurgeOverview> {
  const settings = await settingsOf(services.db, cityId);
  const { options } = services.surge;
  return {
    city_id: cityId,
    rule: ruleOf(settings.rule),
    frozen: settings.frozen,
    demo: demoEnabled(services.env),
    demo_rush: settings.demo_rush,
    tick_seconds: options.tickMs / 1000,
    window_seconds: options.windowMs / 1000,
    zones: await zoneViews(services.db, cityId, settings.frozen),
  };
}

export async function updateSurgeRule(services: Deps, adminId: string, input: UpdateSurgeRuleInput) {
  await services.db.transaction().execute(async (trx) => {
    const before = await settingsOf(trx, input.city_id, true);
    await trx
      .updateTable('surge_settings')
      .set({ rule: JSON.stringify(input.rule), updated_at: new Date() })
      .where('city_id', '=', input.city_id)
      .execute();
    await recordAudit(trx, {
      actorId: adminId,
      action: 'surge.rule',
      entityType: 'city',
      entityId: input.city_id,
      before: ruleOf(before.rule),
      after: input.rule,
    });
  });
  return getSurgeOverview(services, input.city_id);
}

/** Freeze holds every zone of the city at 1.0× for quotes at once; lifting it lets the ladder step up again from 1.0×. */
export async function setSurgeFrozen(services: Deps, adminId: string, cityId: string, frozen: boolean) {
  await services.db.transaction().execute(async (trx) => {
    const before = await settingsOf(trx, cityId, true);
    if (before.frozen === frozen) return;
    await trx.updateTable('surge_settings').set({ frozen, updated_at: new Date() }).where('city_id', '=', cityId).execute();
    if (frozen) await trx.updateTable('surge_zones').set({ multiplier_tenths: 10, reason: 'frozen' }).where('city_id', '=', cityId).execute();
    await recordAudit(trx, {
      actorId: adminId,
      action: frozen ? 'surge.freeze' : 'surge.unfreeze',
      entityType: 'city',
      entityId: cityId,
      before: { frozen: before.frozen },
      after: { frozen },
    });
  });
  return getSurgeOverview(services, cityId);
}

export async function setDemoRush(services: Deps, adminId: string, cityId: string, on: boolean) {
  if (!demoEnabled(services.env)) throw notFound('Not a demo server');
  await services.db.transaction().execute(async (trx) => {
    const before = await settingsOf(trx, cityId, true);
    if (before.demo_rush === on) return;
    await trx.updateTable('surge_settings').set({ demo_rush: on, updated_at: new Date() }).where('city_id', '=', cityId).execute();
    await recordAudit(trx, {
      actorId: adminId,
      action: 'surge.demo_rush',
      entityType: 'city',
      entityId: cityId,
      before: { demo_rush: before.demo_rush },
      after: { demo_rush: on },
    });
  });
  return getSurgeOverview(services, cityId);
}

async function pricingZone(db: Kysely<DB>, id: string) {
  if (!isUuid(id)) throw notFound('Pricing zone not found');
  const zone = await db.selectFrom('zones').select(['id', 'city_id']).where('id', '=', id).where('type', '=', 'pricing_zone').executeTakeFirst();
  if (!zone) throw notFound('Pricing zone not found');
  return zone;
}

async function zoneView(services: Deps, cityId: string, zoneId: string) {
  const settings = await settingsOf(services.db, cityId);
  const zone = (await zoneViews(services.db, cityId, settings.frozen)).find((z) => z.zone_id === zoneId);
  if (!zone) throw notFound('Pricing zone not found');
  return zone;
}

/** An operator holds a zone at a multiplier until a time (within the rule's floor and cap): quotes get it at once. */
export async function setSurgeOverride(services: Deps, adminId: string, zoneId: string, input: SurgeOverrideInput) {
  const zone = await pricingZone(services.db, zoneId);
  await services.db.transaction().execute(async (trx) => {
    const rule = ruleOf((await settingsOf(trx, zone.city_id, true)).rule);
    const held = Math.min(rule.cap_tenths, Math.max(rule.floor_tenths, input.multiplier_tenths));
    const before = await trx.selectFrom('surge_zones').select(['override_tenths', 'override_until']).where('zone_id', '=', zoneId).executeTakeFirst();
    await trx
      .insertInto('surge_zones')
      .values({ zone_id: zoneId, city_id: zone.city_id, override_tenths: held, override_until: new Date(input.until), updated_at: new Date(0) })
      .onConflict((oc) => oc.column('zone_id').doUpdateSet({ override_tenths: held, override_until: new Date(input.until) }))
      .execute();
    await recordAudit(trx, {
      actorId: adminId,
      action: 'surge.override',
      entityType: 'zone',
      entityId: zoneId,
      before: before ? { override_tenths: before.override_tenths, override_until: iso(before.override_until) } : null,
      after: { override_tenths: held, override_until: new Date(input.until).toISOString() },
    });
  });
  return zoneView(services, zone.city_id, zoneId);
}

export async function clearSurgeOverride(services: Deps, adminId: string, zoneId: string) {
  const zone = await pricingZone(services.db, zoneId);
  await services.db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('surge_zones')
      .select(['override_tenths', 'override_until'])
      .where('zone_id', '=', zoneId)
      .forUpdate()
      .executeTakeFirst();
    if (!before || before.override_tenths == null) return;
    await trx.updateTable('surge_zones').set({ override_tenths: null, override_until: null }).where('zone_id', '=', zoneId).execute();
    await recordAudit(trx, {
      actorId: adminId,
      action: 'surge.override_clear',
      entityType: 'zone',
      entityId: zoneId,
      before: { override_tenths: before.override_tenths, override_until: iso(before.override_until) },
      after: null,
    });
  });
  return zoneView(services, zone.city_id, zoneId);
}

export async function getSurgeTimeline(services: Deps, zoneId: string, hours: number): Promise<SurgeTimeline> {
  await pricingZone(services.db, zoneId);
  const since = new Date(Date.now() - hours * 3_600_000);
  const rows = await services.db
    .selectFrom('surge_snapshots')
    .select(['at', 'requests', 'drivers', 'ratio', 'multiplier_tenths', 'reason'])
    .where('zone_id', '=', zoneId)
    .where('at', '>=', since)
    .orderBy('at', 'asc')
    .limit(2000)
    .execute();
  return {
    zone_id: zoneId,
    points: rows.map((r) => ({ ...r, at: new Date(r.at).toISOString(), reason: r.reason as SurgeTimeline['points'][number]['reason'] })),
  };
}
