import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { type SpawnedServer, spawnServer } from '../../apps/server/test/spawn-server';
import { createTestDatabase, type TestDatabase, testRedisPrefix } from '../../apps/server/test/test-database';
import { onTestFailed } from 'vitest';
import { findChromium } from '../../scripts/ensure-browser.mjs';

export { TestClient } from '../../apps/server/test/http-client';
export { GOOD_PASSWORD, uniqueEmail } from '../../apps/server/test/test-accounts';

// The flags that work on this machine (DESIGN.md): without the background-networking ones Chromium
// keeps dialing out to a network that is closed.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
export const DESKTOP = { viewport: { width: 1280, height: 800 } };

export type E2EServer = SpawnedServer & { db: TestDatabase; close(): Promise<void> };

/** The real server as a child process (as `npm start` runs it) on a database of its own. */
export async function startE2EServer(env: Record<string, string> = {}): Promise<E2EServer> {
  const db = await createTestDatabase();
  const server = await spawnServer({
    ...db.env,
    ...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL, REDIS_PREFIX: testRedisPrefix() } : {}),
    // info: the spawner waits for the 'listening' line, and tests read the admin path from the log.
    LOG_LEVEL: 'info',
    ...env,
  });
  return {
    ...server,
    db,
    async close() {
      await server.stop();
      await db.drop();
    },
  };
}

export type Suite = { server: E2EServer; browser: Browser };

/** A test file's server and browser, started together (each takes seconds). */
export async function openSuite(server: Promise<E2EServer>): Promise<Suite> {
  const [s, b] = await Promise.all([server, launchBrowser()]);
  return { server: s, browser: b };
}

/** Browser first (its pages talk to the server), then the server and its database. Tolerates a failed start. */
export async function closeSuite(suite: Partial<Suite>) {
  await suite.browser?.close();
  await suite.server?.close();
}

export async function launchBrowser(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? findChromium();
  if (!executablePath) throw new Error('Chromium not found: run `node scripts/ensure-browser.mjs`');
  return chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
}

/**
 * A page that records console errors and uncaught exceptions: tests call `expectNoErrors()` at the end,
 * so a page that logs an error fails its test (epic-stack's rule).
 */
export async function openPage(browser: Browser, baseURL: string, options: Parameters<Browser['newContext']>[0] = PHONE) {
  const context: BrowserContext = await browser.newContext({ baseURL, ...options });
  const page: Page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console.error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  // When the test fails, what the person was looking at: the address and the page's text, in the log (a
  // CI log is often all there is to go on for a failure that does not repeat).
  try {
    onTestFailed(async ({ task }) => {
      if (page.isClosed()) return;
      const seen = await page.evaluate(() => document.body.innerText.replace(/\s+/g, ' ').slice(0, 1200)).catch((err: Error) => `(unreadable: ${err.message})`);
      console.error(
        `[e2e] "${task.name}" failed with a page at ${page.url()} showing: ${seen}${errors.length ? `\n[e2e] and logging: ${errors.join(' | ')}` : ''}`,
      );
    });
  } catch {
    // Opened outside a test (beforeAll): nothing to report on.
  }
  return {
    context,
    page,
    errors,
    expectNoErrors() {
      // A 401 from /api/me while signed out is the app asking, not failing; the browser logs it anyway.
      const real = errors.filter((e) => !/Failed to load resource: the server responded with a status of 401/.test(e));
      if (real.length) throw new Error(`the page logged errors:\n${real.join('\n')}`);
    },
  };
}

/**
 * Whether a control can be seen and pressed where it is, without scrolling anything sideways (issue 27
 * §11): wholly inside the viewport's width, and the element under its centre is itself (not clipped by a
 * scroll region, not covered by another cell). Only the window scrolls, vertically, to bring it in view.
 */
export function onScreen(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const first = el.getBoundingClientRect();
    window.scrollBy(0, first.top - window.innerHeight / 2);
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.left < 0 || r.right > document.documentElement.clientWidth) return false;
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && el.contains(hit);
  });
}

/**
 * A field's refusal as a person with a screen reader hears it: the announced (role=alert) text among the
 * field's descriptions, '' when it has none (issue 27 §13: each message beside its own field).
 */
export function fieldError(field: Locator): Promise<string> {
  return field.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id))
      .filter((d) => d?.getAttribute('role') === 'alert')
      .map((d) => d!.textContent ?? '')
      .join(' '),
  );
}

/** Whether the element has the keyboard focus. */
export const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);
