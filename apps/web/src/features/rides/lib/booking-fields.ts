import { formatLatLng, parseLatLng } from '@openride/shared/geo/lat-lng';
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
// A tap this close to a place of its city is named after it (decision 0096).
export const TAP_NEAR_M = 150;
// A GPS pickup is named after a place of its city this close ("Near Union Square"), when no geocoder names it better.
export const GPS_NEAR_M = 1200;

export function fromTyping(value: string): FieldState {
  const coords = parseLatLng(value);
  return { text: value, point: coords ? { ...coords, label: formatLatLng(coords) } : null };
}

export function fromPlace(place: Place): FieldState {
  return { text: place.label || formatLatLng(place), point: place };
}

/**
 * A GPS fix, named by its coordinates until the page names it better (issue 17 §6): after the nearest place of
 * its city within GPS_NEAR_M ("Near Union Square"), or the geocoder's address.
 */
export function gpsPlace(point: { lat: number; lng: number }): Place {
  return { ...point, label: formatLatLng(point) };
}

/** A tap on the map, named by its coordinates until the page names it after a place of its city within TAP_NEAR_M. */
export function fromTap(point: { lat: number; lng: number }): FieldState {
  const label = formatLatLng(point);
  return { text: label, point: { lat: point.lat, lng: point.lng, label } };
}

/** What a place of the city names a point: "Near Union Square". */
export const nearLabel = (name: string) => text.near(name);
