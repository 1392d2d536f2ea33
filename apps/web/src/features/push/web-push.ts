import type { PushSubscriptionInput } from '@openride/shared/push/schemas';
import { isApiError } from '@/lib/api';
import { call } from '@/lib/call';

/**
 * Web Push (VAPID) for browsers and the installed PWA. Every failure here is logged with console.warn and
 * never thrown at the user (§8: push setup errors are only logged); callers get an outcome instead.
 */
export type EnableOutcome = 'subscribed' | 'denied' | 'failed';

export const webPushSupported = (): boolean =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

const warn = (what: string, error: unknown) => console.warn(`[push] ${what}:`, error instanceof Error ? error.message : error);

/**
 * The registration of the service worker, once it is active. The worker exists only in the production
 * build: in `vite dev` there is none, so this gives up (null) instead of waiting for `ready` forever.
 * `waitForRegistration`: on a first visit the worker is registered only after the page's load event.
 */
async function activeRegistration({ waitForRegistration = false, timeoutMs = 10_000 } = {}): Promise<ServiceWorkerRegistration | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  if (registration?.active) return registration;
  if (!registration && !waitForRegistration) return null;
  return Promise.race([navigator.serviceWorker.ready, new Promise<null>((resolve) => setTimeout(() => resolve(null), timeoutMs))]);
}

/** VAPID keys travel as base64url; PushManager wants the raw bytes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = (value + '='.repeat((4 - (value.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a) return false;
  const view = new Uint8Array(a);
  return view.length === b.length && view.every((byte, i) => byte === b[i]);
}

function toInput(subscription: PushSubscription): PushSubscriptionInput {
  const json = subscription.toJSON();
  return { endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } };
}

/** Subscribes (or reuses this browser's subscription, if it was made with the server's current key) and saves it. */
async function subscribeAndSave(registration: ServiceWorkerRegistration): Promise<void> {
  const { publicKey } = await call('GET /api/push/config');
  const key = base64UrlToBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    // Made with another server key (keys rotated): it can never be delivered to again.
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  try {
    await call('POST /api/push/subscriptions', { body: toInput(subscription) });
  } catch (error) {
    // The server keeps an endpoint with the account that registered it (another account used this browser
    // before): a new subscription gets a new endpoint, and the old one stops when the push service drops it.
    if (!(isApiError(error, 409) && error.code === 'PUSH_ENDPOINT_TAKEN')) throw error;
    await subscription.unsubscribe();
    const fresh = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    await call('POST /api/push/subscriptions', { body: toInput(fresh) });
  }
}

/** The user asked for notifications: ask the browser, then subscribe this browser for the signed-in user. */
export async function enableWebPush(): Promise<EnableOutcome> {
  if (!webPushSupported()) return 'failed';
  let permission: NotificationPermission;
  try {
    permission = await Notification.requestPermission();
  } catch (error) {
    warn('permission request failed', error);
    return 'failed';
  }
  if (permission !== 'granted') return 'denied';
  try {
    const registration = await activeRegistration();
    if (!registration) throw new Error('no active service worker (it runs only in the production build)');
    await subscribeAndSave(registration);
    return 'subscribed';
  } catch (error) {
    // Typical here: a browser without a push service (headless, offline, de-Googled Chromium).
    warn('subscription failed', error);
    return 'failed';
  }
}

/** True when this browser holds a push subscription (the server may still have to be told: see resync). */
export async function hasWebPushSubscription(): Promise<boolean> {
  if (!webPushSupported()) return false;
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    return Boolean(await registration?.pushManager.getSubscription());
  } catch {
    return false;
  }
}

/**
 * On sign-in: if this browser already holds a subscription (and notifications are still allowed), tell
 * the server again, so its pushes go to the account that signed in (and a subscription the server lost
 * is restored). Never subscribes anew: an account that has not turned notifications on gets none.
 */
export async function resyncWebPush(): Promise<void> {
  if (!webPushSupported() || Notification.permission !== 'granted') return;
  try {
    const registration = await activeRegistration({ waitForRegistration: true, timeoutMs: 60_000 });
    if (registration && (await registration.pushManager.getSubscription())) await subscribeAndSave(registration);
  } catch (error) {
    warn('resync failed', error);
  }
}

/**
 * On sign-out the session is already gone, so the server cannot be asked to forget the subscription:
 * dropping it in the browser makes the push service answer 410 Gone, and the server then deletes it.
 */
export async function dropWebPush(): Promise<void> {
  if (!webPushSupported()) return;
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    await (await registration?.pushManager.getSubscription())?.unsubscribe();
  } catch (error) {
    warn('unsubscribe failed', error);
  }
}
