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

export type Fix = { lat: number; lng: number; accuracy: number; heading: number | null; speed: number | null };

type ReporterOptions = {
  /** Sends one frame; false when it could not go out (socket down), so it is tried again. */
  send: (fix: Fix) => boolean;
  now?: () => number;
};

/**
 * When to send which fix, apart from the browser and the socket (so it can be tested on a fake clock): the
 * newest fix at most every MIN_INTERVAL_MS, the last one again every HEARTBEAT_MS when nothing new comes
 * (browsers stop calling back for a device at rest), every MIN_INTERVAL_MS during the warm-up, and never a
 * fix the server would refuse for its accuracy. `flush` is called on every new fix and on a timer.
 */
export function createLocationReporter({ send, now = Date.now }: ReporterOptions) {
  let fix: Fix | null = null;
  let fresh = false;
  let lastSent = -Infinity;
  const warmUntil = now() + WARM_UP_MS;

  const flush = (): Fix | null => {
    if (!fix || fix.accuracy > MAX_ACCURACY_M) return null;
    const t = now();
    const interval = fresh || t < warmUntil ? MIN_INTERVAL_MS : HEARTBEAT_MS;
    if (t - lastSent < interval) return null;
    if (!send(fix)) return null;
    lastSent = t;
    fresh = false;
    return fix;
  };

  return {
    /** A new fix from the device; returns the fix if it went out at once. */
    update(next: Fix): Fix | null {
      fix = next;
      fresh = true;
      return flush();
    },
    flush,
  };
}
