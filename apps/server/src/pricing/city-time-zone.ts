/** The time zone a city's time-of-day windows are read in: its IANA `timezone` (migration 0009), else UTC. */
export function cityTimeZone(city: { id: string; timezone?: string | null }): string {
  return city.timezone || 'UTC';
}
