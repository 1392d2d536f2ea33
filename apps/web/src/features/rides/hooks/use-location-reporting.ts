import { useEffect, useState } from 'react';
import { sendLocation } from '@/lib/realtime';
import { createLocationReporter, type Fix, MAX_ACCURACY_M } from './location-reporter';

/** How often the pacing is checked; well under the 2 s interval. */
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

const finiteIn = (value: number | null, min: number, max: number) => (value !== null && Number.isFinite(value) && value >= min && value <= max ? value : null);

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
 * While `enabled`, watches the device's position (high accuracy) and reports it over the socket, paced by
 * createLocationReporter (newest fix at most every 2 s, the last one again every 5 s at rest). Used by both
 * driver pages: online on the dashboard, and all through a ride.
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

    let hasFix = false;
    const reporter = createLocationReporter({ send: sendLocation });
    const flush = (sent: Fix | null) => {
      if (sent) {
        setReport({
          status: 'sharing',
          accuracy: Math.round(sent.accuracy),
          sentAt: Date.now(),
          position: { lat: sent.lat, lng: sent.lng, heading: sent.heading },
        });
      }
    };

    const watchId = navigator.geolocation.watchPosition(
      (position) => {
        const fix = toFix(position);
        hasFix = true;
        if (fix.accuracy > MAX_ACCURACY_M) setReport({ status: 'imprecise', ...NONE, accuracy: Math.round(fix.accuracy) });
        flush(reporter.update(fix));
      },
      (error) => {
        if (error.code === error.PERMISSION_DENIED) setReport({ status: 'denied', ...NONE });
        // A timeout or a lost signal after a good fix: keep re-sending the last fix; the next one will follow.
        else if (!hasFix) setReport({ status: 'unavailable', ...NONE });
      },
      { enableHighAccuracy: true, maximumAge: 5000, timeout: 20_000 },
    );
    const timer = setInterval(() => flush(reporter.flush()), TICK_MS);
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
