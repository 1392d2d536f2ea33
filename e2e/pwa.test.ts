// Installable web app (§2 install prompt and native-app banner, §4) and Web Push (§4, §8), on a phone,
// against the real server and the production build (the only build with a service worker).
import { messages } from '@openride/shared/messages';
import { uiText } from '@openride/shared/ui-text';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV, byText, signedInPage, signUpApi } from './support/accounts';
import { closeSuite, type E2EServer, openPage, openSuite, startE2EServer } from './support/fixtures';

const { install } = messages;
/** Waits that involve the network or the service worker get room on a busy machine. */
const POLL = { timeout: 15_000, interval: 100 };
let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openSuite(startE2EServer(ADMIN_ENV)));
});
afterAll(() => closeSuite({ server, browser }));

/** The service worker's script URL once it is active (registration waits for the page's load event). */
const activeWorker = (page: Page) => page.evaluate(() => navigator.serviceWorker.ready.then((registration) => registration.active?.scriptURL ?? null));

/**
 * The browser's install offer, as Chromium fires it: `beforeinstallprompt` with prompt() and userChoice.
 * `window.__prompts` counts the dialogs opened.
 */
function offerInstall(page: Page, outcome: 'accepted' | 'dismissed') {
  return page.evaluate((choice) => {
    const w = window as unknown as { __prompts: number };
    w.__prompts ??= 0;
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: () => {
        w.__prompts++;
        return Promise.resolve();
      },
      userChoice: Promise.resolve({ outcome: choice, platform: 'web' }),
    });
    window.dispatchEvent(event);
  }, outcome);
}
const prompts = (page: Page) => page.evaluate(() => (window as unknown as { __prompts?: number }).__prompts ?? 0);
const installCard = (page: Page) => page.getByRole('complementary', { name: messages.app.name });
const nativeBanner = (page: Page) => page.getByRole('complementary', { name: install.bannerTitle });

describe('web app manifest and service worker', () => {
  it('serves a manifest that makes the app installable: name, standalone, start URL, icons', async () => {
    const res = await fetch(`${server.url}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/manifest+json');
    const manifest = (await res.json()) as {
      name: string;
      short_name: string;
      display: string;
      start_url: string;
      theme_color: string;
      icons: Array<{ src: string; sizes: string; purpose?: string }>;
    };
    expect(manifest).toMatchObject({ name: messages.app.name, short_name: messages.app.name, display: 'standalone', start_url: '/' });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    const sizes = manifest.icons.map((icon) => `${icon.sizes}:${icon.purpose ?? 'any'}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192:any', '512x512:any', '512x512:maskable']));
    for (const icon of manifest.icons) {
      const image = await fetch(new URL(icon.src, server.url));
      expect(image.status, icon.src).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
    }
    const html = await (await fetch(server.url)).text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
  });

  it('registers the service worker; the next visit is served from the precache, even offline, but /api stays on the network', async () => {
    const { page, context, expectNoErrors } = await openPage(browser, server.url);
    await page.goto('/');
    expect(await activeWorker(page)).toBe(`${server.url}/sw.js`);
    // The first page is not taken over mid-visit (no clients.claim): its requests, and any request
    // interception a test sets up on it, keep going to the network. The next navigation is controlled.
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
    expectNoErrors();

    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), POLL).toBe(`${server.url}/sw.js`);

    // A deep link with the server unreachable: the app shell comes from the cache and routes client-side.
    await context.setOffline(true);
    await page.goto('/install');
    await page.getByRole('heading', { level: 1, name: uiText.install.title }).waitFor();
    await context.setOffline(false);

    // Server paths are never answered with the app shell.
    const health = await page.goto('/api/health');
    expect(await health?.json()).toEqual({ status: 'ok' });
    await context.close();
  });
});

describe('install prompt (§2, §4)', () => {
  it('hidden until the browser offers installation; Install opens the dialog; accepted → gone, offer cleared', async () => {
    const { page, context, expectNoErrors } = await openPage(browser, server.url);
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await installCard(page).count()).toBe(0);

    await offerInstall(page, 'accepted');
    const card = installCard(page);
    await card.getByText(install.prompt, { exact: true }).waitFor();
    await card.getByRole('heading', { name: messages.app.name }).waitFor();
    // On a phone the card sits above the headline: it covers none of the three actions.
    const cardBox = (await card.boundingBox())!;
    for (const name of [messages.home.bookRideNow, messages.home.goOnlineDriver, messages.home.signUpSignIn]) {
      const action = (await page.getByRole(name === messages.home.goOnlineDriver ? 'button' : 'link', { name }).boundingBox())!;
      expect(cardBox.y + cardBox.height <= action.y || action.y + action.height <= cardBox.y, name).toBe(true);
    }

    await card.getByRole('button', { name: install.install, exact: true }).click();
    await expect.poll(() => installCard(page).count(), POLL).toBe(0);
    expect(await prompts(page)).toBe(1);
    // The accepted offer is spent: /install no longer offers a one-tap install.
    await page.getByRole('link', { name: install.learnMore }).click();
    await page.getByRole('heading', { level: 1, name: uiText.install.title }).waitFor();
    expect(await page.getByRole('button', { name: install.install, exact: true }).count()).toBe(0);
    expectNoErrors();
    await context.close();
  });

  it('the dismiss button hides it; a dismissed dialog hides it too but keeps the offer for /install', async () => {
    const { page, context, expectNoErrors } = await openPage(browser, server.url);
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await offerInstall(page, 'dismissed');
    await installCard(page).waitFor();
    await page.getByRole('button', { name: uiText.install.dismissPrompt }).click();
    await expect.poll(() => installCard(page).count(), POLL).toBe(0);
    expect(await prompts(page)).toBe(0);

    // A new offer shows the card again; this time the browser dialog is dismissed.
    await offerInstall(page, 'dismissed');
    await installCard(page).getByRole('button', { name: install.install, exact: true }).click();
    await expect.poll(() => installCard(page).count(), POLL).toBe(0);
    expect(await prompts(page)).toBe(1);

    // /install's Install button uses the same stored offer.
    await offerInstall(page, 'accepted');
    await page.getByRole('link', { name: install.learnMore }).click();
    await page.getByRole('heading', { name: uiText.install.readyTitle }).waitFor();
    await page.getByRole('button', { name: install.install, exact: true }).click();
    await expect.poll(() => prompts(page), POLL).toBe(2);
    await expect.poll(() => page.getByRole('heading', { name: uiText.install.readyTitle }).count(), POLL).toBe(0);
    expectNoErrors();
    await context.close();
  });
});

describe('native-app banner (§2, §4)', () => {
  it('title, subtitle, the four bullets; Learn More → /install; dismissed for good (nativeBannerDismissed)', async () => {
    const { page, context, expectNoErrors } = await openPage(browser, server.url);
    await page.goto('/');
    const banner = nativeBanner(page);
    await banner.getByRole('heading', { name: install.bannerTitle }).waitFor();
    await banner.getByText(install.bannerSubtitle, { exact: true }).waitFor();
    for (const bullet of install.bannerBullets) await banner.getByText(bullet, { exact: true }).waitFor();

    await banner.getByRole('link', { name: install.learnMore }).click();
    await page.waitForURL(`${server.url}/install`);
    await page.goBack();

    await nativeBanner(page).getByRole('button', { name: uiText.install.dismissBanner }).click();
    await expect.poll(() => nativeBanner(page).count(), POLL).toBe(0);
    expect(await page.evaluate((key) => localStorage.getItem(key), install.bannerStorageKey)).toBe('true');
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await nativeBanner(page).count()).toBe(0);
    expectNoErrors();
    await context.close();
  });

  it('is not shown inside the native app (Capacitor)', async () => {
    const { page, context, expectNoErrors } = await openPage(browser, server.url);
    // What the Android shell injects before any page script.
    await context.addInitScript(() => {
      (window as unknown as { androidBridge: object }).androidBridge = {};
    });
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('region', { name: uiText.home.statsLabel }).waitFor();
    expect(await nativeBanner(page).count()).toBe(0);
    // Nor does the native shell register a service worker.
    await page.waitForLoadState('load');
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r ?? null))).toBeNull();
    expectNoErrors();
    await context.close();
  });
});

describe('/install', () => {
  it('steps for Android, iPhone and iPad, and desktop, and what the native app adds', async () => {
    const { page, context, expectNoErrors } = await openPage(browser, server.url);
    await page.goto('/install');
    await page.getByRole('heading', { level: 1, name: uiText.install.title }).waitFor();
    for (const platform of [uiText.install.android, uiText.install.ios, uiText.install.desktop]) {
      const section = page.getByRole('region', { name: platform.title });
      for (const step of platform.steps) await section.getByText(step, { exact: true }).waitFor();
    }
    const native = page.getByRole('region', { name: uiText.install.nativeTitle });
    for (const bullet of install.bannerBullets) await native.getByText(bullet, { exact: true }).waitFor();
    expectNoErrors();
    await context.close();
  });
});

describe('Web Push (§4, §8)', () => {
  /**
   * Headless Chromium has no push service here (no network), so for the enable flow the browser's
   * PushManager is replaced by one that hands out a subscription at a real push-service endpoint: the
   * app's part (permission, key, subscribe, POST) and the server's part (validate, store) are real.
   */
  async function fakePushService(context: BrowserContext, endpoint: string, { subscribed = false, later = [] as string[] } = {}) {
    await context.addInitScript(
      ({ eps, subscribedAlready }) => {
        // Each new subscription gets the next endpoint (a real push service gives a fresh one), the last repeating.
        let made = 0;
        let ep = eps[0]!;
        const w = window as unknown as { __pushKey?: number[] };
        const keys = { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' };
        const make = (key: ArrayBuffer | null): object => ({
          endpoint: ep,
          expirationTime: null,
          options: { applicationServerKey: key, userVisibleOnly: true },
          getKey: () => null,
          toJSON: () => ({ endpoint: ep, expirationTime: null, keys }),
          unsubscribe: async () => {
            subscription = null;
            return true;
          },
        });
        // A subscription from an earlier visit (made with a key this page does not know yet).
        let subscription: object | null = subscribedAlready ? make(null) : null;
        PushManager.prototype.getSubscription = async () => subscription as PushSubscription | null;
        PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
          const key = options?.applicationServerKey as Uint8Array;
          w.__pushKey = [...key];
          ep = eps[Math.min(made++, eps.length - 1)]!;
          subscription = make(key.buffer as ArrayBuffer);
          return subscription as PushSubscription;
        };
      },
      { eps: [endpoint, ...later], subscribedAlready: subscribed },
    );
  }

  const openAccountMenu = (page: Page) => page.getByRole('button', { name: uiText.a11y.accountMenu }).click();
  /** The account menu's notification line once it is not a button any more (not the toast saying the same). */
  const menuStatus = (page: Page, text: string | RegExp) => page.locator('p[role="status"]').filter({ hasText: text });

  it('a signed-in user turns notifications on from the account menu: the subscription reaches the server', async () => {
    const user = await signUpApi(server);
    const { page, context, expectNoErrors } = await signedInPage(browser, server, user);
    const endpoint = `https://fcm.googleapis.com/fcm/send/e2e-${Date.now().toString(36)}-a`;
    await fakePushService(context, endpoint);
    await page.goto('/');
    await activeWorker(page);
    // Granted once the page is up, as the browser's permission prompt would (see below for the sign-in path).
    await context.grantPermissions(['notifications']);

    await openAccountMenu(page);
    await page.getByRole('button', { name: uiText.push.enable }).click();
    await byText(page, uiText.push.enabledToast.title).waitFor();
    await menuStatus(page, uiText.push.enabled).waitFor();

    // Subscribed with the server's VAPID key.
    const { publicKey } = (await user.get('/api/push/config')).body as { publicKey: string };
    const sentKey = await page.evaluate(() => (window as unknown as { __pushKey: number[] }).__pushKey);
    expect(Buffer.from(sentKey).toString('base64url')).toBe(publicKey);
    // The server holds it for this user: deleting it finds exactly one.
    const deleted = await user.request('/api/push/subscriptions', { method: 'DELETE', json: { endpoint } });
    expect(deleted.body).toEqual({ deleted: 1 });
    expectNoErrors();
    await context.close();
  });

  it('this browser already subscribed: signing in re-sends the subscription; signing out drops it', async () => {
    const user = await signUpApi(server);
    const { page, context, expectNoErrors } = await signedInPage(browser, server, user);
    await context.grantPermissions(['notifications']);
    const endpoint = `https://fcm.googleapis.com/fcm/send/e2e-${Date.now().toString(36)}-b`;
    await fakePushService(context, endpoint, { subscribed: true });
    await page.goto('/');
    // Polling with DELETE: 0 until the sign-in resync has saved it, then 1.
    await expect.poll(async () => (await user.request('/api/push/subscriptions', { method: 'DELETE', json: { endpoint } })).body.deleted, POLL).toBe(1);

    const hasSubscription = () => page.evaluate(() => navigator.serviceWorker.ready.then((r) => r.pushManager.getSubscription()).then((sub) => sub !== null));
    expect(await hasSubscription()).toBe(true);
    await openAccountMenu(page);
    await page.getByRole('button', { name: uiText.nav.signOut }).click();
    await byText(page, messages.success.signedOut.title).waitFor();
    await expect.poll(hasSubscription, POLL).toBe(false);
    expectNoErrors();
    await context.close();
  });

  it("this browser's endpoint is another account's: the server keeps it with them (409), the browser subscribes anew", async () => {
    const previous = await signUpApi(server);
    const user = await signUpApi(server);
    const endpoint = `https://fcm.googleapis.com/fcm/send/e2e-${Date.now().toString(36)}-c`;
    const fresh = `${endpoint}-fresh`;
    const keys = { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' };
    expect((await previous.request('/api/push/subscriptions', { json: { endpoint, keys } })).status).toBe(201);

    const { page, context, errors } = await signedInPage(browser, server, user);
    await context.grantPermissions(['notifications']);
    await fakePushService(context, endpoint, { subscribed: true, later: [fresh] });
    await page.goto('/');
    // The sign-in resync is refused for the old endpoint, then saves the fresh one for this user.
    await expect.poll(async () => (await user.request('/api/push/subscriptions', { method: 'DELETE', json: { endpoint: fresh } })).body.deleted, POLL).toBe(1);
    expect((await previous.request('/api/push/subscriptions', { method: 'DELETE', json: { endpoint } })).body).toEqual({ deleted: 1 });
    // The refused POST is an answer the app handles: the browser logs the 409 response, the app nothing.
    expect(errors.filter((error) => !/status of 409/.test(error))).toEqual([]);
    await context.close();
  });

  it("permission refused → the destructive 'Notifications Disabled' toast", async () => {
    const user = await signUpApi(server);
    const { page, context, expectNoErrors } = await signedInPage(browser, server, user);
    await context.addInitScript(() => {
      Notification.requestPermission = async () => 'denied' as const;
    });
    await page.goto('/');
    await openAccountMenu(page);
    await page.getByRole('button', { name: uiText.push.enable }).click();
    await byText(page, messages.errors.notificationsDisabled.title).waitFor();
    await byText(page, messages.errors.notificationsDisabled.text).waitFor();
    // The destructive style (§8 failures).
    expect(await page.locator('.destructive').filter({ hasText: messages.errors.notificationsDisabled.title }).count()).toBe(1);
    expectNoErrors();
    await context.close();
  });

  it('a browser without a push service: the failure is only logged (console.warn), nothing breaks', async () => {
    const user = await signUpApi(server);
    const { page, context, errors } = await signedInPage(browser, server, user);
    await context.grantPermissions(['notifications']);
    const warnings: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'warning' && msg.text().startsWith('[push]')) warnings.push(msg.text());
    });
    await page.goto('/');
    await activeWorker(page);
    await openAccountMenu(page);
    await page.getByRole('button', { name: uiText.push.enable }).click();
    // Either this Chromium reaches a push service after all, or the menu says where things stand.
    await menuStatus(page, new RegExp(`${uiText.push.enabled}|${uiText.push.unsupported}`)).waitFor();
    if (await menuStatus(page, uiText.push.unsupported).count()) expect(warnings.length).toBeGreaterThan(0);
    expect(await page.getByText(messages.errors.notificationsDisabled.title).count()).toBe(0);
    // Chromium itself logs an error when subscribe() is called in an incognito-like context (every
    // Playwright context is one) and offers no way to detect that beforehand; the app logs nothing.
    const incognito = /does not support the Push API in incognito mode/;
    expect(errors.filter((error) => !incognito.test(error))).toEqual([]);
    await context.close();
  });

  /** DevTools' "Push" button: a real push event delivered to the registered service worker. */
  async function pushChannel(context: BrowserContext, page: Page) {
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const live = registrations.find((r) => !r.isDeleted && r.scopeURL === `${server.url}/`);
        if (live) resolve(live.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const id = await registrationId;
    return {
      push: (data: object) => cdp.send('ServiceWorker.deliverPushMessage', { origin: server.url, registrationId: id, data: JSON.stringify(data) }),
      detach: () => cdp.detach(),
    };
  }
  const shownNotifications = (page: Page) =>
    page.evaluate(() =>
      navigator.serviceWorker.ready
        .then((registration) => registration.getNotifications())
        .then((list) => list.map(({ title, body, tag, data }) => ({ title, body, tag, data: data as unknown }))),
    );

  it('a push arriving while the app is on screen shows a toast (title defaults to New Notification) instead of a system notification', async () => {
    const { page, context, expectNoErrors } = await openPage(browser, server.url);
    await page.goto('/');
    await activeWorker(page);
    const channel = await pushChannel(context, page);

    await channel.push({ title: 'Driver arriving', body: 'Your driver is 2 minutes away', bookingId: 'b-42' });
    await byText(page, 'Driver arriving').waitFor();
    await byText(page, 'Your driver is 2 minutes away').waitFor();

    await channel.push({ body: 'A message without a title' });
    await byText(page, messages.notifications.pushDefaultTitle).waitFor();
    await byText(page, 'A message without a title').waitFor();
    expect(await shownNotifications(page)).toEqual([]);
    await channel.detach();
    expectNoErrors();
    await context.close();
  });

  it('with no window of the app open, a push is a system notification carrying where a tap leads', async () => {
    const { page, context, expectNoErrors } = await openPage(browser, server.url);
    await context.grantPermissions(['notifications']);
    await page.goto('/');
    await activeWorker(page);
    const channel = await pushChannel(context, page);
    await page.goto('about:blank');

    await channel.push({ title: 'Driver arriving', body: '2 min away', bookingId: 'b-42' });
    await channel.push({ title: 'Message from your rider', body: "I'm at the corner", bookingId: 'b-7', type: 'driver_message' });
    await channel.push({ body: 'Your application was approved' });
    await page.goto('/');
    await expect.poll(() => shownNotifications(page).then((list) => list.length), POLL).toBe(3);
    expect(await shownNotifications(page)).toEqual(
      expect.arrayContaining([
        { title: 'Driver arriving', body: '2 min away', tag: 'ride:b-42', data: { url: '/track-ride/b-42' } },
        { title: 'Message from your rider', body: "I'm at the corner", tag: 'driver_message:b-7', data: { url: '/driver-ride-view?booking=b-7' } },
        { title: messages.notifications.pushDefaultTitle, body: 'Your application was approved', tag: '', data: { url: null } },
      ]),
    );
    await channel.detach();
    expectNoErrors();
    await context.close();
  });
});
