import { riderText } from '@openride/shared/rides/rider-text';

export { formatMoney } from '@/lib/money';

/** Whole minutes, never 0: "1 min away" reads better than "0 min away" for a car round the corner. */
export const minutesOf = (seconds: number) => Math.max(1, Math.round(seconds / 60));

export const formatEta = (seconds: number | null | undefined) => (seconds == null ? riderText.book.noDrivers : riderText.book.eta(minutesOf(seconds)));

/** "300 m" under a kilometre (a driver's way to the pickup), else "2.1 km", whole kilometres from 10. */
export function formatDistance(meters: number): string {
  const tens = Math.max(0, Math.round(meters / 10) * 10);
  if (tens < 1000) return `${tens} m`;
  return riderText.units.km((meters / 1000).toFixed(meters < 10_000 ? 1 : 0));
}

/** Whole minutes, at least 1: "1 min", "12 min", "1 h 5 min". */
export function formatDuration(seconds: number): string {
  const minutes = minutesOf(seconds);
  if (minutes < 60) return riderText.units.min(minutes);
  return `${Math.floor(minutes / 60)} h ${riderText.units.min(minutes % 60)}`;
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString(undefined, { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
}

/** The words for a point: its label, else its coordinates. */
export function placeLabel(place: { lat: number; lng: number; label?: string | null } | null | undefined): string {
  if (!place) return '';
  return place.label?.trim() || `${place.lat.toFixed(5)}, ${place.lng.toFixed(5)}`;
}

/** A countdown as m:ss: 72 → "1:12", 5 → "0:05". */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
