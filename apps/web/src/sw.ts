/// <reference lib="webworker" />
/**
 * The service worker (production build only: vite-plugin-pwa, injectManifest). Three jobs:
 * 1. Precache the app shell (the build's JS, CSS, index.html, icons, manifest) so the app starts fast
 *    and offline; navigations are answered with the cached index.html, except /api/* and /ws, which
 *    always go to the server, and paths that name a file.
 * 2. Web Push: show the notification, or hand it to a visible page as a toast instead (§8).
 * 3. Notification taps: open or focus the app at the push's route (features/push/route-for-push.ts).
 *
 * Written without workbox runtime modules on purpose: they are not direct dependencies of the web app,
 * and the few lines below are all this app needs.
 */
import { parsePushText, pushContent, SW_NAVIGATE_MESSAGE, SW_PUSH_MESSAGE, type SwMessage } from './features/push/push-content';
import type { ApiPath } from './lib/call';

type PrecacheEntry = { url: string; revision: string | null };
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

const PRECACHE = 'openride-precache-v1';
const IMAGES = 'openride-images-v1';
const OUR_CACHES = new Set([PRECACHE, IMAGES]);

// Replaced at build time by the list of files to precache, each with its revision (null when hashed).
const entries: PrecacheEntry[] = self.__WB_MANIFEST.map((entry) => (typeof entry === 'string' ? { url: entry, revision: null } : entry));

/** Request path → cache key. A revisioned file is keyed with its revision, so a changed file is fetched anew. */
const precacheKeys = new Map<string, string>();
for (const entry of entries) {
  const url = new URL(entry.url, self.location.origin);
  const key = new URL(url);
  if (entry.revision) key.searchParams.set('__rev', entry.revision);
  precacheKeys.set(url.pathname, key.href);
}
const SHELL = precacheKeys.get('/index.html');

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(PRECACHE);
      const cached = new Set((await cache.keys()).map((request) => request.url));
      await Promise.all(
        [...precacheKeys].map(async ([pathname, key]) => {
          if (cached.has(key)) return;
          // 'reload': straight from the server, never from the HTTP cache (it could hold an older index.html).
          const response = await fetch(new Request(pathname, { cache: 'reload', credentials: 'same-origin' }));
          if (!response.ok) throw new Error(`precache ${pathname}: HTTP ${response.status}`);
          await cache.put(key, response);
        }),
      );
      // registerType 'autoUpdate': a new version takes over at once and the page reloads (virtual:pwa-register).
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const wanted = new Set(precacheKeys.values());
      const cache = await caches.open(PRECACHE);
      for (const request of await cache.keys()) if (!wanted.has(request.url)) await cache.delete(request);
      for (const name of await caches.keys()) if (name.startsWith('openride-') && !OUR_CACHES.has(name)) await caches.delete(name);
      // No clients.claim(): a page that loaded without the worker keeps going to the network until its
      // next navigation, so nothing changes under a page mid-session (nor under request interception in tests).
    })(),
  );
});

const isServerPath = (pathname: string) => pathname.startsWith('/api/') || pathname === '/ws' || pathname.startsWith('/ws/');
/** /sw.js, /icons/x.png, /manifest.webmanifest: files, not app routes, so no index.html fallback. */
const looksLikeFile = (pathname: string) => /\.[a-z0-9]+$/i.test(pathname.slice(pathname.lastIndexOf('/') + 1));

async function fromPrecache(key: string, request: Request): Promise<Response> {
  const cached = await caches.match(key, { cacheName: PRECACHE });
  return cached ?? fetch(request);
}

/** Hero images are not precached (a phone should not download all of them up front): cached on first use. */
async function cacheFirst(request: Request): Promise<Response> {
  const cache = await caches.open(IMAGES);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || isServerPath(url.pathname)) return;

  if (request.mode === 'navigate') {
    if (SHELL && !looksLikeFile(url.pathname)) event.respondWith(fromPrecache(SHELL, request));
    return;
  }
  const key = precacheKeys.get(url.pathname);
  if (key) {
    event.respondWith(fromPrecache(key, request));
    return;
  }
  if (url.pathname.startsWith('/images/')) event.respondWith(cacheFirst(request));
});

async function windowClients(): Promise<readonly WindowClient[]> {
  return self.clients.matchAll({ type: 'window', includeUncontrolled: true });
}

self.addEventListener('push', (event) => {
  const content = pushContent(parsePushText(event.data?.text()));
  event.waitUntil(
    (async () => {
      // A page of the app is on screen: a toast there instead of a system notification (§8).
      const visible = (await windowClients()).filter((client) => client.visibilityState === 'visible');
      if (visible.length > 0) {
        const message: SwMessage = { type: SW_PUSH_MESSAGE, title: content.title, body: content.body, url: content.url };
        visible.forEach((client) => client.postMessage(message));
        return;
      }
      await self.registration.showNotification(content.title, {
        body: content.body,
        icon: '/icons/icon-192.png',
        badge: '/icons/badge-96.png',
        // One notification per ride and kind: a newer ride update replaces the older one, and a driver
        // message does not replace a ride update (nor the other way round).
        tag: content.bookingId ? `${content.type ?? 'ride'}:${content.bookingId}` : undefined,
        data: { url: content.url },
      });
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: string | null } | undefined)?.url ?? null;
  event.waitUntil(
    (async () => {
      const clients = await windowClients();
      const client = clients.find((c) => c.focused) ?? clients[0];
      if (client) {
        await client.focus();
        // The page navigates itself (client-side routing keeps its state); nothing to open → just focus.
        if (url) client.postMessage({ type: SW_NAVIGATE_MESSAGE, url } satisfies SwMessage);
        return;
      }
      await self.clients.openWindow(url ?? '/notifications');
    })(),
  );
});

/** The push service replaced the subscription (expiry, key rotation): subscribe again and tell the server. */
self.addEventListener('pushsubscriptionchange', (event) => {
  const change = event as ExtendableEvent & { oldSubscription?: PushSubscription | null; newSubscription?: PushSubscription | null };
  change.waitUntil(
    (async () => {
      try {
        const options = change.oldSubscription?.options;
        const subscription =
          change.newSubscription ??
          (options?.applicationServerKey
            ? await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: options.applicationServerKey })
            : null);
        if (!subscription) return;
        const json = subscription.toJSON();
        // A plain fetch: the worker has no `api()` (it reports to the page's network status, which a worker has not).
        await fetch('/api/push/subscriptions' satisfies ApiPath<'POST /api/push/subscriptions'>, {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ endpoint: subscription.endpoint, keys: json.keys }),
        });
      } catch (error) {
        console.warn('[push] resubscribe failed:', error);
      }
    })(),
  );
});
