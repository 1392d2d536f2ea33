import type { LatLng } from '@openride/shared/rides/schemas';
import type { ZoneRef } from '@openride/shared/zones/views';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Logger } from '../lib/logger';
import type { Bus } from '../realtime/bus';
import { buildZoneIndex, type IndexedZone, type ZoneIndex } from './zone-index';
import { CITY_COLUMNS, cityView, listEnabledZones } from './zones.repo';

/** The bus room on which a process says "the zones changed": every process reloads its index (decision 0031). */
export const ZONES_CHANGED_ROOM = 'system:zones';
/** A safety net under the bus: an index is never older than this, even if a change message were lost. */
const TTL_MS = 5 * 60_000;

export type LocatedCity = { id: string; name: string; currency: string; timezone: string };
export type ZoneLookup = {
  /** The city whose enabled service area holds the point (the highest-priority one where they overlap). */
  city: LocatedCity | null;
  service_area: ZoneRef | null;
  /** The enabled pricing zone of highest priority holding the point, in the point's city. */
  pricing_zone: ZoneRef | null;
  /** Every enabled zone holding the point, highest priority first. */
  zones: ZoneRef[];
  /** An enabled restricted zone holds the point. */
  restricted: boolean;
};

type State = { cities: Map<string, LocatedCity>; index: ZoneIndex<IndexedZone & ZoneRef>; loadedAt: number };

const refOf = (z: ZoneRef): ZoneRef => ({ id: z.id, city_id: z.city_id, type: z.type, name: z.name, color: z.color, priority: z.priority });

/** What holds at a point, read from an index: pure, so the bench and unit tests can use it without a database. */
export function locate(state: Pick<State, 'cities' | 'index'>, point: LatLng): ZoneLookup {
  const found = state.index.lookup(point);
  let service_area: ZoneRef | null = null;
  let city: LocatedCity | null = null;
  for (const z of found)
    if (z.type === 'service_area' && state.cities.has(z.city_id)) {
      service_area = z;
      city = state.cities.get(z.city_id)!;
      break;
    }
  const pricing = city ? found.find((z) => z.type === 'pricing_zone' && z.city_id === city.id) : undefined;
  return {
    city,
    service_area: service_area && refOf(service_area),
    pricing_zone: pricing ? refOf(pricing) : null,
    zones: found.map(refOf),
    restricted: found.some((z) => z.type === 'restricted'),
  };
}

/**
 * "Where is this point?" for booking, pricing and the location path: the cities and their enabled zones,
 * read once into a grid index (zone-index.ts) and kept until the zones change. A write through the admin
 * API calls `changed()`: this process drops its index at once and tells the others on the bus; each then
 * reloads on its next lookup. A TTL of 5 minutes backs the bus up.
 */
export function createZoneLocator(deps: { db: Kysely<DB>; bus: Bus; logger?: Logger }) {
  let state: State | null = null;
  let loading: Promise<State> | null = null;
  let generation = 0;

  async function load(): Promise<State> {
    const started = generation;
    const [cityRows, zones] = await Promise.all([deps.db.selectFrom('cities').select(CITY_COLUMNS).execute(), listEnabledZones(deps.db)]);
    const cities = new Map(cityRows.map((row) => [row.id, (({ id, name, currency, timezone }) => ({ id, name, currency, timezone }))(cityView(row))]));
    const next = { cities, index: buildZoneIndex(zones), loadedAt: Date.now() };
    // A change that landed while this load read the tables: keep the answer for now, read again next time.
    if (generation !== started) next.loadedAt = -Infinity;
    return next;
  }

  async function current(): Promise<State> {
    if (state && Date.now() - state.loadedAt < TTL_MS) return state;
    loading ??= load()
      .then((s) => (state = s))
      .finally(() => (loading = null));
    return loading;
  }

  function invalidate() {
    generation++;
    if (state) state.loadedAt = -Infinity;
  }

  const subscription = deps.bus.subscribe(ZONES_CHANGED_ROOM, invalidate);

  return {
    async at(point: LatLng): Promise<ZoneLookup> {
      return locate(await current(), point);
    },
    /** The id of the city whose service area holds the point, or null: the location path's question, per frame. */
    async cityAt(point: LatLng): Promise<string | null> {
      const s = await current();
      for (const z of s.index.lookup(point)) if (z.type === 'service_area' && s.cities.has(z.city_id)) return z.city_id;
      return null;
    },
    /** Every city (served or not). */
    async cities(): Promise<LocatedCity[]> {
      return [...(await current()).cities.values()];
    },
    /** Zones or cities changed (after commit): drop this index now, and tell the other processes. */
    async changed() {
      invalidate();
      await deps.bus
        .publish({ channel: ZONES_CHANGED_ROOM, event: 'zones.changed', data: {} })
        .catch((err) => deps.logger?.error({ err }, 'zones: could not announce a change'));
    },
    stats: () => (state ? { ...state.index.stats(), cities: state.cities.size } : null),
    close() {
      subscription.unsubscribe();
    },
  };
}
export type ZoneLocator = ReturnType<typeof createZoneLocator>;
