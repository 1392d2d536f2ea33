import { formatLatLng, parseLatLng } from '@openride/shared/geo/lat-lng';
import { nearestPlace } from '@openride/shared/geo/sf-places';
import { riderText } from '@openride/shared/rides/rider-text';
import type { Place } from '@openride/shared/rides/schemas';

// The booking page's two place fields: what each holds, and how typing, a suggestion, a GPS fix or a tap on
// the map fill one.
const text = riderText.book;

export type FieldName = 'pickup' | 'destination';
export type FieldState = { text: string; point: Place | null };
/** `ask`: the browser has not been asked yet (or the rider dismissed the question): a neutral offer, not a refusal. */
export type GeoState = 'idle' | 'ask' | 'locating' | 'denied' | 'unavailable';

export const EMPTY: FieldState = { text: '', point: null };
// Closer than this, pickup and destination are one place: no ride to price.
export const SAME_PLACE_M = 50;
// A tap this close to a gazetteer place is named after it.
const TAP_NEAR_M = 150;
// A GPS pickup is named after a landmark this close ("Near Union Square"), when no geocoder names it better.
const GPS_NEAR_M = 1200;

export function fromTyping(value: string): FieldState {
  const coords = parseLatLng(value);
  return { text: value, point: coords ? { ...coords, label: formatLatLng(coords) } : null };
}

export function fromPlace(place: Place): FieldState {
  return { text: place.label || formatLatLng(place), point: place };
}

/** A GPS fix, named after the nearest landmark within GPS_NEAR_M, else by its coordinates (issue 17 §6). */
export function gpsPlace(point: { lat: number; lng: number }): Place {
  const near = nearestPlace(point, GPS_NEAR_M);
  return { ...point, label: near ? text.near(near.name) : formatLatLng(point) };
}

export function fromTap(point: { lat: number; lng: number }): FieldState {
  const near = nearestPlace(point, TAP_NEAR_M);
  const label = near ? text.near(near.name) : formatLatLng(point);
  return { text: label, point: { lat: point.lat, lng: point.lng, label } };
}
