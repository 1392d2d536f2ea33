import { useSyncExternalStore } from 'react';
import type { ApiPath } from './call';

/**
 * Whether OpenRide can be reached (issue 17 §4: offline is a state, not a spinner). Two signals:
 * - the browser says it is offline (`navigator.onLine`, the `offline` and `online` events);
 * - our own requests fail at the network level (`api()` reports each failure and each answer), which covers a
 *   browser that believes it is online while the server cannot be reached (a dead Wi-Fi, a tunnel).
 *
 * While unreachable with the browser online, GET /api/health is probed every PROBE_MS, so the app recovers by
 * itself when the network returns; `onRecovered` listeners (the query client) then refetch what is shown.
 */
export type NetworkStatus = { offline: boolean; since: number | null };

export const PROBE_MS = 5000;

let browserOffline = typeof navigator !== 'undefined' && navigator.onLine === false;
let unreachable = false;
let since: number | null = browserOffline ? Date.now() : null;
let snapshot: NetworkStatus = { offline: browserOffline, since };
let probeTimer: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<() => void>();
const recoveredListeners = new Set<() => void>();

function update() {
  const offline = browserOffline || unreachable;
  if (offline === snapshot.offline) return;
  const wasOffline = snapshot.offline;
  since = offline ? Date.now() : null;
  snapshot = { offline, since };
  for (const l of listeners) l();
  if (wasOffline && !offline) for (const l of recoveredListeners) l();
  scheduleProbe();
}

/**
 * GET /api/health, probed with a plain fetch, not `call`: `api()` reports every answer and failure to this
 * module, and the probe's own outcome is read here (importing call.ts would also make the two modules a cycle).
 */
const HEALTH_PATH = '/api/health' satisfies ApiPath<'GET /api/health'>;

function scheduleProbe() {
  if (probeTimer || !unreachable || browserOffline) return;
  probeTimer = setTimeout(() => {
    probeTimer = null;
    fetch(HEALTH_PATH, { cache: 'no-store' })
      .then((r) => reportAnswer(r.status))
      .catch(() => scheduleProbe());
  }, PROBE_MS);
}

/** `api()` calls this when fetch itself failed (no answer at all). Aborted requests are not failures. */
export function reportNetworkFailure(): void {
  if (unreachable) return;
  unreachable = true;
  update();
}

/** `api()` calls this for every answer: any HTTP status means the server was reached. */
export function reportAnswer(_status: number): void {
  if (!unreachable) return;
  unreachable = false;
  update();
}

/** Probe now (the offline notice's "Try again"), without waiting for the next tick. */
export function retryNow(): void {
  if (probeTimer) clearTimeout(probeTimer);
  probeTimer = null;
  fetch(HEALTH_PATH, { cache: 'no-store' })
    .then((r) => reportAnswer(r.status))
    .catch(() => scheduleProbe());
}

/** Calls `listener` when the app goes from unreachable back to reachable. Returns the unsubscribe. */
export function onRecovered(listener: () => void): () => void {
  recoveredListeners.add(listener);
  return () => recoveredListeners.delete(listener);
}

if (typeof window !== 'undefined') {
  window.addEventListener('offline', () => {
    browserOffline = true;
    update();
  });
  window.addEventListener('online', () => {
    browserOffline = false;
    // The browser's word is not proof the server answers: the next request (or the probe) says so.
    update();
    if (unreachable) retryNow();
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getNetworkStatus(): NetworkStatus {
  return snapshot;
}

export function useNetworkStatus(): NetworkStatus {
  return useSyncExternalStore(subscribe, getNetworkStatus, getNetworkStatus);
}
