export type LatLngPoint = { lat: number; lng: number };

const NUMBER = String.raw`[+-]?(?:\d+(?:\.\d*)?|\.\d+)`;
// "37.77,-122.41", "37.77, -122.41", "37.77 -122.41", "(37.77, -122.41)": what people paste from a map app.
const PAIR = new RegExp(String.raw`^\(?\s*(${NUMBER})\s*(?:,|\s)\s*(${NUMBER})\s*\)?$`);

/**
 * Typed coordinates, latitude first (as Google Maps and OpenStreetMap copy them). Null for anything else,
 * including a pair out of range, so "122.41, 37.77" (swapped) is not taken as a place in Antarctica's sea.
 */
export function parseLatLng(input: string): LatLngPoint | null {
  const match = PAIR.exec(input.trim());
  if (!match) return null;
  const lat = Number(match[1]);
  const lng = Number(match[2]);
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  if (lat < -90 || lat > 90 || lng < -180 || lng > 180) return null;
  return { lat, lng };
}

/** "37.77490, -122.41940": five decimals are about a metre, more than a phone's GPS knows. */
export function formatLatLng({ lat, lng }: LatLngPoint, decimals = 5): string {
  return `${lat.toFixed(decimals)}, ${lng.toFixed(decimals)}`;
}

/** The Earth's mean radius (IUGG), metres: the one every distance in the app is measured with. */
export const EARTH_RADIUS_M = 6_371_008.8;
const RAD = Math.PI / 180;

/** Great-circle (haversine) distance in metres: the one haversine of the app (server, web, simulator). */
export function distanceMeters(a: LatLngPoint, b: LatLngPoint): number {
  const dLat = (b.lat - a.lat) * RAD;
  const dLng = (b.lng - a.lng) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * RAD) * Math.cos(b.lat * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}
