import { DEFAULT_SURGE_RULE, nextSurge, SURGE_TICK_SECONDS, SURGE_WINDOW_SECONDS, type SurgeRule } from '@openride/shared/surge/surge';
import type { Ports } from '../ports';
import type { GeoIndex } from '../geo/geo-index';
import type { ZoneLocator } from '../zones/zone-locator';

export type SurgeOptions = {
  /** How often the elected process updates every pricing zone's multiplier (default 60 s). */
  tickMs: number;
  /** The rolling window of ride requests counted as demand (default 5 minutes). */
  windowMs: number;
};
export const DEFAULT_SURGE_OPTIONS: SurgeOptions = { tickMs: SURGE_TICK_SECONDS * 1000, windowMs: SURGE_WINDOW_SECONDS * 1000 };

type Deps = Pick<Ports, 'db' | 'logger'> & { geo: GeoIndex; zones: ZoneLocator };

/** The multiplier a quote starting in this pricing zone gets now, and why (tenths: 10 = 1.0×). */
export type SurgeQuote = { multiplier_tenths: number; zone_id: string | null; zone_name: string | null };

const NO_SURGE: SurgeQuote = { multiplier_tenths: 10, zone_id: null, zone_name: null };

export const ruleOf = (json: unknown): SurgeRule => ({ ...DEFAULT_SURGE_RULE, ...(json as Partial<SurgeRule>) });

/**
 * Surge (issue 12, decision 0035): one update per tick in the process holding the dispatch lease (an elected
 * ticker, like dispatch's sweep: it must run once across processes, and a missed tick only delays a step).
 * Each update counts, per enabled pricing zone, the ride requests whose pickup fell in it over the window
 * and the idle approved online drivers in it now, and moves the zone's multiplier by the city's rule. The
 * row's `updated_at` guards the step: a second process that ticks at the same moment updates nothing.
 */
/** Whether this process is the elected one (the dispatch lease's `held`, handed in by the server). */
type Lease = { held(): boolean };

export function createSurgeEngine(deps: Deps & { lease?: Lease; options?: Partial<SurgeOptions> }) {
  const options = { ...DEFAULT_SURGE_OPTIONS, ...deps.options };
  const { db } = deps;
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<unknown> | null = null;

  async function tick(now = new Date()) {
    const settings = await db.selectFrom('surge_settings').selectAll().execute();
    let updated = 0;
    for (const city of settings) {
      const rule = ruleOf(city.rule);
      const zones = await db
        .selectFrom('zones')
        .select(['id', 'name'])
        .where('city_id', '=', city.city_id)
        .where('type', '=', 'pricing_zone')
        .where('enabled', '=', true)
        .execute();
      if (zones.length === 0) continue;
      const since = new Date(now.getTime() - options.windowMs);
      const [requests, drivers] = await Promise.all([
        db.selectFrom('rides').select(['pickup_lat', 'pickup_lng']).where('city_id', '=', city.city_id).where('requested_at', '>', since).execute(),
        deps.geo.all(city.city_id),
      ]);
      const demand = new Map<string, number>();
      const supply = new Map<string, number>();
      for (const r of requests) {
        const zone = (await deps.zones.at({ lat: r.pickup_lat, lng: r.pickup_lng })).pricing_zone;
        if (zone) demand.set(zone.id, (demand.get(zone.id) ?? 0) + 1);
      }
      for (const d of drivers) {
        const zone = (await deps.zones.at(d)).pricing_zone;
        if (zone) supply.set(zone.id, (supply.get(zone.id) ?? 0) + 1);
      }
      // A zone seen for the first time starts at 1.0×.
      await db
        .insertInto('surge_zones')
        .values(zones.map((z) => ({ zone_id: z.id, city_id: city.city_id, updated_at: new Date(0) })))
        .onConflict((oc) => oc.column('zone_id').doNothing())
        .execute();
      const states = await db
        .selectFrom('surge_zones')
        .selectAll()
        .where(
          'zone_id',
          'in',
          zones.map((z) => z.id),
        )
        .execute();
      // Half a tick: two processes ticking together step a zone once; a late tick still steps it.
      const cutoff = new Date(now.getTime() - options.tickMs / 2);
      for (const state of states) {
        const overrideLive = state.override_tenths != null && state.override_until != null && new Date(state.override_until) > now;
        const decision = nextSurge(rule, {
          current_tenths: state.multiplier_tenths,
          requests: demand.get(state.zone_id) ?? 0,
          drivers: supply.get(state.zone_id) ?? 0,
          override_tenths: overrideLive ? state.override_tenths : null,
          frozen: city.frozen,
        });
        const done = await db.transaction().execute(async (trx) => {
          const row = await trx
            .updateTable('surge_zones')
            .set({
              multiplier_tenths: decision.multiplier_tenths,
              requests: demand.get(state.zone_id) ?? 0,
              drivers: supply.get(state.zone_id) ?? 0,
              ratio: decision.ratio,
              reason: decision.reason,
              threshold: decision.threshold,
              // An override past its time is gone: the ladder takes over from where it left the zone.
              ...(overrideLive ? {} : { override_tenths: null, override_until: null }),
              updated_at: now,
            })
            .where('zone_id', '=', state.zone_id)
            .where('updated_at', '<=', cutoff)
            .returning('zone_id')
            .executeTakeFirst();
          if (!row) return false;
          await trx
            .insertInto('surge_snapshots')
            .values({
              zone_id: state.zone_id,
              at: now,
              requests: demand.get(state.zone_id) ?? 0,
              drivers: supply.get(state.zone_id) ?? 0,
              ratio: decision.ratio,
              multiplier_tenths: decision.multiplier_tenths,
              reason: decision.reason,
              threshold: decision.threshold,
            })
            .execute();
          return true;
        });
        if (done) updated++;
      }
    }
    return { updated };
  }

  return {
    options,
    tick,
    /** The multiplier for a ride starting at a point whose pricing zone is given: what a quote locks in. */
    async quoteFor(zone: { id: string; name: string } | null, now = new Date()): Promise<SurgeQuote> {
      if (!zone) return NO_SURGE;
      const row = await db
        .selectFrom('surge_zones')
        .innerJoin('surge_settings', 'surge_settings.city_id', 'surge_zones.city_id')
        .select(['surge_zones.multiplier_tenths', 'surge_zones.override_tenths', 'surge_zones.override_until', 'surge_settings.frozen', 'surge_settings.rule'])
        .where('surge_zones.zone_id', '=', zone.id)
        .executeTakeFirst();
      if (!row) return { ...NO_SURGE, zone_id: zone.id, zone_name: zone.name };
      // Freeze and a live override answer at once, without waiting for the next update.
      const rule = ruleOf(row.rule);
      const override = row.override_tenths != null && row.override_until != null && new Date(row.override_until) > now ? row.override_tenths : null;
      const m = row.frozen ? 10 : override != null ? Math.min(rule.cap_tenths, Math.max(rule.floor_tenths, override)) : row.multiplier_tenths;
      return { multiplier_tenths: m, zone_id: zone.id, zone_name: zone.name };
    },
    start() {
      if (timer) return;
      timer = setInterval(() => {
        if (running || (deps.lease && !deps.lease.held())) return;
        running = tick()
          .catch((err) => deps.logger.error({ err }, 'surge update failed'))
          .finally(() => (running = null));
      }, options.tickMs);
      timer.unref?.();
    },
    async close() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
export type SurgeEngine = ReturnType<typeof createSurgeEngine>;
