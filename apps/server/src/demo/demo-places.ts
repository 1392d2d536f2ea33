import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { seedGazetteer } from '../db/migrations/0052-city-places';
import { DEMO_CITY_ID } from './demo-accounts';

/**
 * The demo city's gazetteer (decisions 0011, 0096): San Francisco's places are its seed data, nobody else's.
 * Given again on every demo start to a demo city that holds no place (migration 0052 gave it them once).
 */
export const ensureDemoCityPlaces = (db: Kysely<DB>) => seedGazetteer(db, DEMO_CITY_ID);
