import { createHmac, timingSafeEqual } from 'node:crypto';
import type { LatLng } from '@openride/shared/rides/schemas';
import { QUOTE_VALIDITY_S } from '@openride/shared/surge/surge';
import { haversineMeters } from '../routing/great-circle-routing';

/** A request's pickup may sit this far from the quote's (a pin nudged) and still keep the quoted multiplier. */
const SAME_PICKUP_M = 150;

type Lock = { z: string | null; m: number; lat: number; lng: number; t: number };

/** The key that signs quote locks, derived from the auth secret (like the OTP key). */
export const deriveQuoteKey = (authSecret: string) => createHmac('sha256', authSecret).update('openride:quote-lock:v1').digest();

const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

/**
 * The surge multiplier a quote showed, signed (decision 0035): the ride requested within QUOTE_VALIDITY_S
 * from (about) the same pickup is charged that multiplier, whatever surge did meanwhile. Signed, so a client
 * cannot lower it; short-lived, so an old screen cannot book at yesterday's price.
 */
export function signQuoteLock(key: Buffer, lock: { zone_id: string | null; multiplier_tenths: number; pickup: LatLng; issued_at: Date }) {
  const body: Lock = { z: lock.zone_id, m: lock.multiplier_tenths, lat: lock.pickup.lat, lng: lock.pickup.lng, t: lock.issued_at.getTime() };
  const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
  return `${payload}.${sign(key, payload)}`;
}

/** The lock a token carries, or null when it is forged, malformed, expired or for another pickup. */
export function readQuoteLock(key: Buffer, token: string, pickup: LatLng, now: Date): { zone_id: string | null; multiplier_tenths: number } | null {
  const [payload, mac] = token.split('.');
  if (!payload || !mac) return null;
  const expected = Buffer.from(sign(key, payload));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let lock: Lock;
  try {
    lock = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Lock;
  } catch {
    return null;
  }
  if (typeof lock.m !== 'number' || typeof lock.t !== 'number' || typeof lock.lat !== 'number' || typeof lock.lng !== 'number') return null;
  const age = now.getTime() - lock.t;
  if (age < 0 || age > QUOTE_VALIDITY_S * 1000) return null;
  if (haversineMeters(pickup, { lat: lock.lat, lng: lock.lng }) > SAME_PICKUP_M) return null;
  return { zone_id: lock.z ?? null, multiplier_tenths: lock.m };
}
