/** Money in the ride's currency from integer cents, e.g. "$12.40". */
export function formatMoney(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

/** "300 m" under a kilometre, else "2.1 km". */
export function formatDistance(metres: number): string {
  if (metres < 1000) return `${Math.max(0, Math.round(metres / 10) * 10)} m`;
  return `${(metres / 1000).toFixed(metres < 10_000 ? 1 : 0)} km`;
}

/** Whole minutes, at least 1: "1 min", "12 min", "1 h 5 min". */
export function formatDuration(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** A place's label, else its coordinates (a rider may pick a point on the map that has no address). */
export function placeName(place: { lat: number; lng: number; label?: string | null }): string {
  return place.label?.trim() || `${place.lat.toFixed(5)}, ${place.lng.toFixed(5)}`;
}
