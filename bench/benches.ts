import type { Bench } from './lib/types';

type Entry = { name: string; area: number; load: () => Promise<Bench> };

/**
 * In the order: 1 HTTP, 2 poll, 3 location, 4 nearest, 5 dispatch, 6 front end. Loaded only when
 * run, so `--only geo` does not pay for (or trip over) the front end's build tooling.
 */
export const benches: Entry[] = [
  { name: 'http', area: 1, load: async () => (await import('./http')).httpBench },
  { name: 'quote', area: 1, load: async () => (await import('./quote')).quoteBench },
  { name: 'notifications', area: 2, load: async () => (await import('./notifications')).notificationsBench },
  { name: 'finance', area: 2, load: async () => (await import('./finance')).financeBench },
  { name: 'location', area: 3, load: async () => (await import('./location')).locationBench },
  { name: 'location-scale', area: 3, load: async () => (await import('./location-scale')).locationScaleBench },
  { name: 'zones', area: 3, load: async () => (await import('./zones')).zonesBench },
  { name: 'bus-fanin', area: 3, load: async () => (await import('./bus-fanin')).busFaninBench },
  { name: 'geo', area: 4, load: async () => (await import('./geo')).geoBench },
  { name: 'ledger', area: 5, load: async () => (await import('./ledger')).ledgerBench },
  { name: 'dispatch', area: 5, load: async () => (await import('./dispatch')).dispatchBench },
  { name: 'frontend', area: 6, load: async () => (await import('./frontend')).frontendBench },
];
