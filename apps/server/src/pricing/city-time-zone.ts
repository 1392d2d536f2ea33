/**
 * The time zone a city's time-of-day windows are read in. Cities get a `timezone` column with the zones
 * migration (0009); until then this branch knows San Francisco's. At merge: when `cities.timezone` exists,
 * `findCityAt`/`selectAll` rows carry it and it wins here; the fallback table can then go.
 */
const KNOWN: Record<string, string> = { sf: 'America/Los_Angeles' };

export function cityTimeZone(city: { id: string; timezone?: string | null }): string {
  return city.timezone || KNOWN[city.id] || 'UTC';
}
