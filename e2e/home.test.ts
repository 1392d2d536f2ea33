// §1 home page and §2 home actions, on a phone, against the real server and the production build.
import { HERO_ROTATION_MS } from '@openride/shared/constants';
import { messages } from '@openride/shared/messages';
import { uiText } from '@openride/shared/ui-text';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, ADMIN_ENV, applyApi, byText, reviewApi, signedInPage, signUpApi } from './support/accounts';
import { closeSuite, DESKTOP, type E2EServer, openPage, openSuite, PHONE, startE2EServer } from './support/fixtures';

const { home } = messages;
/** Waits that involve the network or the service worker get room on a busy machine. */
const POLL = { timeout: 15_000, interval: 100 };
let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  ({ server, browser } = await openSuite(startE2EServer(ADMIN_ENV)));
});
afterAll(() => closeSuite({ server, browser }));

const HERO_PATH = '/images/hero/';
/** features/home/hero-images.ts: how long before its turn the next image is fetched. */
const HERO_PRELOAD_LEAD_MS = 1500;
/** Every hero image the browser asks for, page and service worker alike, in order. */
function recordHeroRequests(context: BrowserContext) {
  const seen: string[] = [];
  context.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith(HERO_PATH) && !seen.includes(pathname)) seen.push(pathname);
  });
  return seen;
}

const activeHero = (page: Page) => page.locator('[data-hero-image][data-active="true"]').getAttribute('data-hero-image');
const heroImg = (page: Page, name: string) => page.locator(`[data-hero-image="${name}"] img`);
const imgComplete = (page: Page, name: string) => heroImg(page, name).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
const searchParam = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);
const pathname = (page: Page) => new URL(page.url()).pathname;

/**
 * Fake timers: the page loads with time flowing, then the clock is paused so the test decides when the
 * hero's timers fire (they start when the hero mounts, a moment before the pause).
 */
async function loadPaused(page: Page, url: string) {
  await page.clock.install();
  await page.goto(url);
  await page.getByRole('heading', { level: 1, name: uiText.home.title }).waitFor();
  // The page's clock keeps running between reading it and pausing it: aim a little ahead, more if late.
  for (const ahead of [50, 250, 1000]) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + ahead);
      return;
    } catch (error) {
      if (!String(error).includes('to the past')) throw error;
    }
  }
  throw new Error('could not pause the page clock');
}

describe('hero', () => {
  it('loads only the first image, eagerly and at high priority, then rotates every 5 s with the next one fetched just before its turn', async () => {
    const { page, context, expectNoErrors } = await openPage(browser, server.url);
    const requested = recordHeroRequests(context);
    await loadPaused(page, '/');
    await expect.poll(() => imgComplete(page, 'night-city'), POLL).toBe(true);

    const first = heroImg(page, 'night-city');
    expect(await first.getAttribute('loading')).toBe('eager');
    expect(await first.getAttribute('fetchpriority')).toBe('high');
    expect(await first.getAttribute('width')).toBe('640');
    expect(await first.getAttribute('height')).toBe('960');
    expect(await first.getAttribute('alt')).toBe('');
    expect(await activeHero(page)).toBe('night-city');
    // Settle: the service worker installs meanwhile, and must not fetch hero images either.
    await page.waitForLoadState('networkidle');
    expect(requested).toEqual([`${HERO_PATH}night-city-640.webp`]);
    expect(await page.locator('[data-hero-image]').count()).toBe(1);

    // Before its turn the second image is mounted and fetched, lazily and decoded off the main thread.
    await page.clock.runFor(HERO_ROTATION_MS - HERO_PRELOAD_LEAD_MS);
    await expect.poll(() => requested, POLL).toEqual([`${HERO_PATH}night-city-640.webp`, `${HERO_PATH}dusk-grid-640.webp`]);
    expect(await heroImg(page, 'dusk-grid').getAttribute('decoding')).toBe('async');
    expect(await heroImg(page, 'dusk-grid').getAttribute('loading')).toBe('lazy');

    await page.clock.runFor(HERO_PRELOAD_LEAD_MS);
    await expect.poll(() => activeHero(page), POLL).toBe('dusk-grid');
    await page.clock.runFor(HERO_ROTATION_MS);
    await expect.poll(() => activeHero(page), POLL).toBe('route-map');
    await page.clock.runFor(HERO_ROTATION_MS);
    await expect.poll(() => activeHero(page), POLL).toBe('drivers-eye');
    await page.clock.runFor(HERO_ROTATION_MS);
    await expect.poll(() => activeHero(page), POLL).toBe('night-city');
    expect(requested).toHaveLength(4);
    expectNoErrors();
    await context.close();
  });

  it('serves wide screens the landscape image', async () => {
    const { page, context } = await openPage(browser, server.url, DESKTOP);
    const requested = recordHeroRequests(context);
    await page.goto('/');
    await expect.poll(() => imgComplete(page, 'night-city'), POLL).toBe(true);
    expect(requested).toEqual([`${HERO_PATH}night-city-1280.webp`]);
    await context.close();
  });

  it("does not rotate with prefers-reduced-motion; play and pause are the user's", async () => {
    const { page, context, expectNoErrors } = await openPage(browser, server.url, { ...PHONE, reducedMotion: 'reduce' });
    const requested = recordHeroRequests(context);
    await loadPaused(page, '/');
    await expect.poll(() => imgComplete(page, 'night-city'), POLL).toBe(true);
    await page.clock.runFor(HERO_ROTATION_MS * 3);
    expect(await activeHero(page)).toBe('night-city');
    expect(requested).toEqual([`${HERO_PATH}night-city-640.webp`]);

    await page.getByRole('button', { name: uiText.home.playBackdrop }).click();
    await page.getByRole('button', { name: uiText.home.pauseBackdrop }).waitFor();
    await page.clock.runFor(HERO_ROTATION_MS - HERO_PRELOAD_LEAD_MS);
    await expect.poll(() => imgComplete(page, 'dusk-grid'), POLL).toBe(true);
    await page.clock.runFor(HERO_PRELOAD_LEAD_MS);
    await expect.poll(() => activeHero(page), POLL).toBe('dusk-grid');

    await page.getByRole('button', { name: uiText.home.pauseBackdrop }).click();
    await page.getByRole('button', { name: uiText.home.playBackdrop }).waitFor();
    await page.clock.runFor(HERO_ROTATION_MS * 2);
    expect(await activeHero(page)).toBe('dusk-grid');
    expectNoErrors();
    await context.close();
  });
});

describe('home actions (§2)', () => {
  it('signed out: Book a Ride Now and Go Online - Driver sign in first, with the way back; Sign Up / Sign In opens /auth', async () => {
    const { page, context, expectNoErrors } = await openPage(browser, server.url);
    await page.goto('/');
    await page.getByRole('link', { name: home.bookRideNow }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    expect(searchParam(page, 'returnTo')).toBe('/book-ride');

    await page.goto('/');
    await page.getByRole('button', { name: home.goOnlineDriver }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    expect(searchParam(page, 'returnTo')).toBe('/driver-active');

    await page.goto('/');
    await page.getByRole('link', { name: home.signUpSignIn }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    expect(new URL(page.url()).search).toBe('');
    expectNoErrors();
    await context.close();
  });

  it('signed-in rider: Book a Ride Now → /book-ride; Go Online - Driver → /driver (no driver record)', async () => {
    const rider = await signUpApi(server);
    const { page, context, expectNoErrors } = await signedInPage(browser, server, rider);
    await page.goto('/');
    await page.getByRole('button', { name: uiText.a11y.accountMenu }).waitFor();
    await page.getByRole('link', { name: home.bookRideNow }).click();
    await page.waitForURL(`${server.url}/book-ride`);

    await page.goto('/');
    await page.getByRole('button', { name: home.goOnlineDriver }).click();
    await page.waitForURL(`${server.url}/driver`);
    expectNoErrors();
    await context.close();
  });

  it("pending driver: the 'Application Pending' toast with the status verbatim, and the page stays", async () => {
    const driver = await signUpApi(server);
    await applyApi(driver);
    const { page, context, expectNoErrors } = await signedInPage(browser, server, driver);
    await page.goto('/');
    await page.getByRole('button', { name: home.goOnlineDriver }).click();
    await byText(page, messages.errors.applicationPending.title).waitFor();
    await byText(page, messages.errors.applicationPending.text('pending')).waitFor();
    expect(pathname(page)).toBe('/');
    expectNoErrors();
    await context.close();
  });

  it('approved driver: Go Online - Driver → /driver-active', async () => {
    const driver = await signUpApi(server);
    const { id } = await applyApi(driver);
    await reviewApi(await adminApi(server), id, 'approved');
    const { page, context, expectNoErrors } = await signedInPage(browser, server, driver);
    await page.goto('/');
    await page.getByRole('button', { name: home.goOnlineDriver }).click();
    await page.waitForURL(`${server.url}/driver-active`);
    expectNoErrors();
    await context.close();
  });
});

describe('marketing sections (§1)', () => {
  it('stats band, benefit cards, 24/7, the closing call to action and © 2024', async () => {
    const { page, context, expectNoErrors } = await openPage(browser, server.url);
    await page.goto('/');
    const stats = page.getByRole('region', { name: uiText.home.statsLabel });
    for (const { value, label } of home.stats) {
      await stats.getByText(value, { exact: true }).waitFor();
      await stats.getByText(label, { exact: true }).waitFor();
    }
    const benefits = page.getByRole('region', { name: uiText.home.benefitsTitle });
    for (const benefit of home.benefits) await benefits.getByRole('heading', { name: benefit, exact: true }).waitFor();
    for (const text of uiText.home.benefitTexts) await benefits.getByText(text).waitFor();

    await page.getByRole('heading', { name: uiText.home.availabilityTitle(messages.app.availability) }).waitFor();
    expect(await page.getByText(messages.app.availability).count()).toBeGreaterThan(0);

    // 'Download App' and 'Learn More' carry no behaviour (§1): they stay put and break nothing.
    const cta = page.getByRole('region', { name: uiText.home.ctaTitle });
    for (const name of [home.downloadApp, home.learnMore]) {
      await cta.getByRole('button', { name, exact: true }).click();
      expect(pathname(page)).toBe('/');
    }
    await page.locator('footer').getByText(messages.app.copyright).waitFor();
    expectNoErrors();
    await context.close();
  });
});

describe('carousel (§1: four slides)', () => {
  const carousel = uiText.home.carousel;
  const status = (page: Page) => page.locator('[data-carousel-status]').textContent();
  const currentSlide = (page: Page) => page.locator('[aria-roledescription="slide"][data-current="true"] h3').textContent();
  const expectSlide = async (page: Page, n: number) => {
    await expect.poll(() => currentSlide(page), POLL).toBe(home.slides[n]);
    expect(await status(page)).toBe(carousel.position(n + 1, home.slides.length, home.slides[n]!));
  };

  it('previous/next buttons, dots, announced in a live region', async () => {
    const { page, context, expectNoErrors } = await openPage(browser, server.url);
    await page.goto('/');
    const region = page.locator('[aria-roledescription="carousel"]');
    expect(await region.getAttribute('aria-labelledby')).toBeTruthy();
    expect(await page.locator('[aria-roledescription="slide"]').count()).toBe(4);
    expect(await page.locator('[data-carousel-status]').getAttribute('aria-live')).toBe('polite');
    await expectSlide(page, 0);

    await page.getByRole('button', { name: carousel.next }).click();
    await expectSlide(page, 1);
    await page.getByRole('button', { name: carousel.next }).click();
    await expectSlide(page, 2);
    await page.getByRole('button', { name: carousel.previous }).click();
    await expectSlide(page, 1);
    await page.getByRole('button', { name: carousel.goTo(4, 4) }).click();
    await expectSlide(page, 3);
    expect(await page.getByRole('button', { name: carousel.goTo(4, 4) }).getAttribute('aria-current')).toBe('true');
    // It wraps around.
    await page.getByRole('button', { name: carousel.next }).click();
    await expectSlide(page, 0);
    // Hidden slides are out of the accessibility tree and unfocusable.
    expect(await page.locator('[aria-roledescription="slide"][aria-hidden="true"]').count()).toBe(3);
    expectNoErrors();
    await context.close();
  });

  it('ArrowRight / ArrowLeft while focused', async () => {
    const { page, context, expectNoErrors } = await openPage(browser, server.url);
    await page.goto('/');
    await page.getByRole('button', { name: carousel.next }).focus();
    await page.keyboard.press('ArrowRight');
    await expectSlide(page, 1);
    await page.keyboard.press('ArrowRight');
    await expectSlide(page, 2);
    await page.keyboard.press('ArrowLeft');
    await expectSlide(page, 1);
    // On the dots, focus follows the slide.
    await page.getByRole('button', { name: carousel.goTo(2, 4) }).focus();
    await page.keyboard.press('ArrowRight');
    await expectSlide(page, 2);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(carousel.goTo(3, 4));
    expectNoErrors();
    await context.close();
  });

  it('swipes with a finger (touch events) and with a pointer drag; a vertical move is left to scrolling', async () => {
    const { page, context, expectNoErrors } = await openPage(browser, server.url);
    await page.goto('/');
    const viewport = page.locator('[data-carousel-viewport]');
    await viewport.scrollIntoViewIfNeeded();
    const box = (await viewport.boundingBox())!;
    const y = box.y + box.height / 2;

    // A real touch gesture (Chromium turns it into pointer events of type 'touch').
    const cdp = await context.newCDPSession(page);
    const touch = async (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, ty = y) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y: ty }] });
    const swipe = async (fromX: number, toX: number) => {
      await touch('touchStart', fromX);
      for (let i = 1; i <= 6; i++) await touch('touchMove', fromX + ((toX - fromX) * i) / 6);
      await touch('touchEnd', toX);
    };
    await swipe(box.x + box.width * 0.8, box.x + box.width * 0.2);
    await expectSlide(page, 1);
    await swipe(box.x + box.width * 0.8, box.x + box.width * 0.2);
    await expectSlide(page, 2);
    await swipe(box.x + box.width * 0.2, box.x + box.width * 0.8);
    await expectSlide(page, 1);

    // A short drag springs back.
    await swipe(box.x + box.width * 0.5, box.x + box.width * 0.5 - 20);
    await expectSlide(page, 1);

    // Mostly vertical: a scroll, not a swipe.
    const x = box.x + box.width / 2;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    for (let i = 1; i <= 6; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x - i * 10, y: y - i * 25 }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expectSlide(page, 1);

    // Mouse (pointer) drag; the vertical gesture may have scrolled the page.
    await viewport.scrollIntoViewIfNeeded();
    const now = (await viewport.boundingBox())!;
    const my = now.y + now.height / 2;
    await page.mouse.move(now.x + now.width * 0.8, my);
    await page.mouse.down();
    await page.mouse.move(now.x + now.width * 0.5, my, { steps: 5 });
    await page.mouse.move(now.x + now.width * 0.2, my, { steps: 5 });
    await page.mouse.up();
    await expectSlide(page, 2);
    await cdp.detach();
    expectNoErrors();
    await context.close();
  });
});
