import { useEffect, useState } from 'react';
import { sendLocation } from '@/lib/realtime';

/** The server takes at most one frame a second; one every 2 s is plenty for a moving car on a map. */
export const MIN_INTERVAL_MS = 2000;
/** A parked driver still reports, so the server's geo index does not drop them as silent. */
export const HEARTBEAT_MS = 5000;
/**
 * Right after reporting starts (going online), the last fix is re-sent every MIN_INTERVAL_MS for this long:
 * the first frames may reach the server before it has the driver's 'available' status, and be refused.
 */
export const WARM_UP_MS = 10_000;
/** The server refuses fixes less precise than this (docs/api.md, Realtime). */
export const MAX_ACCURACY_M = 200;
const TICK_MS = 500;

export type LocationStatus =
  /** Not asked to report (driver offline). */
  | 'idle'
  /** Waiting for the first fix (or for the permission prompt). */
  | 'locating'
  | 'sharing'
  /** A fix arrived but is too coarse for the server to take. */
  | 'imprecise'
  | 'denied'
  | 'unavailable'
  | 'unsupported';

export type LocationReport = {
  status: LocationStatus;
  accuracy: number | null;
  sentAt: number | null;
  /** The last position reported, for the driver's own map. */
  position: { lat: number; lng: number; heading: number | null } | null;
};

const NONE = { accuracy: null, sentAt: null, position: null };

type Fix = { lat: number; lng: number; accuracy: number; heading: number | null; speed: number | null };

const finiteIn = (value: number | null, min: number, max: number) =>
  value !== null && Number.isFinite(value) && value >= min && value <= max ? value : null;

function toFix({ coords }: GeolocationPosition): Fix {
  return {
    lat: coords.latitude,
    lng: coords.longitude,
    accuracy: Math.max(0, coords.accuracy),
    // Browsers give NaN or null for heading while standing still; the frame takes null.
    heading: finiteIn(coords.heading, 0, 360),
    speed: finiteIn(coords.speed, 0, 100),
  };
}

/**
 * While `enabled`, watches the device's position (high accuracy) and reports it over the socket: a new fix
 * at most every MIN_INTERVAL_MS, and the last fix again every HEARTBEAT_MS when nothing moves (browsers
 * stop calling back for a device at rest). A frame that cannot go out (socket down) is retried on the next
 * tick. Used by both driver pages: online on the dashboard, and all through a ride.
 */
export function useLocationReporting(enabled: boolean): LocationReport {
  const [report, setReport] = useState<LocationReport>({ status: 'idle', ...NONE });
  // Bumped when the site's permission changes (the driver allowed location after refusing): watch again.
  const [permissionEpoch, setPermissionEpoch] = useState(0);

  useEffect(() => {
    if (!enabled) {
      setReport({ status: 'idle', ...NONE });
      return;
    }
    if (!('geolocation' in navigator)) {
      setReport({ status: 'unsupported', ...NONE });
      return;
    }
    setReport((r) => (r.status === 'sharing' ? r : { status: 'locating', ...NONE }));

    let fix: Fix | null = null;
    let fresh = false;
    let lastSent = 0;
    const warmUntil = Date.now() + WARM_UP_MS;

    const flush = () => {
      if (!fix || fix.accuracy > MAX_ACCURACY_M) return;
      const now = Date.now();
      const due = fresh || now < warmUntil ? now - lastSent >= MIN_INTERVAL_MS : now - lastSent >= HEARTBEAT_MS;
      if (!due) return;
      if (!sendLocation(fix)) return;
      lastSent = now;
      fresh = false;
      setReport({ status: 'sharing', accuracy: Math.round(fix.accuracy), sentAt: now, position: { lat: fix.lat, lng: fix.lng, heading: fix.heading } });
    };

    const watchId = navigator.geolocation.watchPosition(
      (position) => {
        fix = toFix(position);
        fresh = true;
        if (fix.accuracy > MAX_ACCURACY_M) setReport({ status: 'imprecise', ...NONE, accuracy: Math.round(fix.accuracy) });
        flush();
      },
      (error) => {
        if (error.code === error.PERMISSION_DENIED) setReport({ status: 'denied', ...NONE });
        // A timeout or a lost signal after a good fix: keep re-sending the last fix; the next one will follow.
        else if (!fix) setReport({ status: 'unavailable', ...NONE });
      },
      { enableHighAccuracy: true, maximumAge: 5000, timeout: 20_000 },
    );
    const timer = setInterval(flush, TICK_MS);
    return () => {
      navigator.geolocation.clearWatch(watchId);
      clearInterval(timer);
    };
  }, [enabled, permissionEpoch]);

  // Permissions API, where present: refusing then allowing in the browser's site settings restarts the watch.
  useEffect(() => {
    if (!enabled || !navigator.permissions?.query) return;
    let status: PermissionStatus | null = null;
    let cancelled = false;
    const onChange = () => setPermissionEpoch((n) => n + 1);
    navigator.permissions.query({ name: 'geolocation' }).then(
      (s) => {
        if (cancelled) return;
        status = s;
        s.addEventListener('change', onChange);
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
      status?.removeEventListener('change', onChange);
    };
  }, [enabled]);

  return report;
}
