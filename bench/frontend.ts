import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { browserCookies, seedUsers } from './lib/accounts';
import { seedDrivers } from './lib/rides-seed';
import { createBenchDatabase, startApp } from './lib/app';
import { buildHello, buildWebIfStale, serveStatic } from './lib/frontend-hello';
import { atLeast, atMost } from './lib/report';
import { summarize } from './lib/stats';
import type { Bench, BenchContext, Row } from './lib/types';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const HELLO = 'React 19 hello, same Vite';
const HELLO_LH = 'React 19 hello, node:http';

type Bytes = { js: number; css: number; files: number };

/**
 * What a first visit loads: a fresh context with service workers blocked (the PWA precache would fetch
 * every chunk), the page loaded to network idle, every script and stylesheet response counted at its
 * gzip -9 size (we compress each body ourselves, so the count does not depend on what the server sends).
 */
async function firstLoadBytes(browser: import('playwright-core').Browser, url: string, cookies: { name: string; value: string }[] = []): Promise<Bytes> {
  const context = await browser.newContext({ ...PHONE, serviceWorkers: 'block' });
  if (cookies.length) await context.addCookies(cookies.map((c) => ({ ...c, url })));
  const page = await context.newPage();
  const pending: Promise<void>[] = [];
  const out: Bytes = { js: 0, css: 0, files: 0 };
  const seen = new Set<string>();
  page.on('response', (res) => {
    const type = res.request().resourceType();
    const ctype = res.headers()['content-type'] ?? '';
    const kind = type === 'stylesheet' || ctype.includes('text/css') ? 'css' : type === 'script' || ctype.includes('javascript') ? 'js' : null;
    if (!kind || seen.has(res.url())) return;
    seen.add(res.url());
    pending.push(
      res.body().then(
        (body) => {
          const size = zlib.gzipSync(body, { level: 9 }).length;
          out[kind] += size;
          out.files++;
          // BENCH_FILES=1 names every file a first load takes, to find what grew a budget.
          if (process.env.BENCH_FILES) console.log(`    ${new URL(url).pathname} ${kind} ${(size / 1024).toFixed(1)} KB ${new URL(res.url()).pathname}`);
        },
        () => {},
      ),
    );
  });
  const res = await page.goto(url, { waitUntil: 'networkidle' });
  if (!res?.ok()) throw new Error(`${url}: ${res?.status()}`);
  await page.waitForTimeout(500);
  await Promise.all(pending);
  const finalPath = new URL(page.url()).pathname;
  await context.close();
  if (finalPath !== new URL(url).pathname) throw new Error(`${url} ended on ${finalPath}`);
  return out;
}

async function lighthouseScores(url: string, runs: number, log: (m: string) => void) {
  const perf: number[] = [];
  const a11y: number[] = [];
  const audits: string[] = [];
  for (let i = 0; i < runs; i++) {
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
    try {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`lighthouse gave no result for ${url}`);
      if (lhr.runtimeError) throw new Error(`lighthouse ${url}: ${lhr.runtimeError.message}`);
      perf.push(Math.round((lhr.categories.performance?.score ?? NaN) * 100));
      a11y.push(Math.round((lhr.categories.accessibility?.score ?? NaN) * 100));
      const m = (id: string) => lhr.audits[id]?.numericValue;
      log(
        `lighthouse ${url}: perf ${perf.at(-1)} a11y ${a11y.at(-1)} (FCP ${m('first-contentful-paint')?.toFixed(0)} ms, LCP ${m('largest-contentful-paint')?.toFixed(0)} ms, TBT ${m('total-blocking-time')?.toFixed(0)} ms, CLS ${m('cumulative-layout-shift')?.toFixed(3)})`,
      );
      for (const a of lhr.categories.accessibility?.auditRefs ?? []) {
        const audit = lhr.audits[a.id];
        if (a.weight > 0 && audit && audit.score !== null && audit.score < 1) audits.push(a.id);
      }
    } finally {
      await chrome.kill();
    }
  }
  return { perf: summarize(perf).p50, a11y: summarize(a11y).p50, failedA11y: [...new Set(audits)] };
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const ratio = (v: number | null, b: number | null) => (v == null || b == null || b === 0 ? null : Math.round((v / b) * 100) / 100);

export const frontendBench: Bench = {
  name: 'frontend',
  area: 6,
  async run(ctx: BenchContext): Promise<Row[]> {
    const runs = ctx.quick ? 1 : 3;
    await buildWebIfStale();
    ctx.log('building the React 19 hello page with the same Vite ...');
    const helloDist = await buildHello(ctx.tmpDir);
    const hello = await serveStatic(helloDist);

    const db = await createBenchDatabase(ctx, 'pglite');
    const seeded = await db.open();
    const [rider] = await seedUsers(seeded.db, 1, { prefix: 'fe-rider' });
    const [driver] = await seedDrivers(seeded.db, 1, 'fe-driver');
    await seeded.close();
    const app = await startApp(db);
    const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROME_FLAGS.filter((f) => f !== '--headless=new') });
    try {
      const [cookieHeader, driverCookieHeader] = await browserCookies(app.url, [rider!, driver!]);
      const toCookies = (header: string) =>
        header.split('; ').map((c) => {
          const i = c.indexOf('=');
          return { name: c.slice(0, i), value: c.slice(i + 1) };
        });
      const cookies = toCookies(cookieHeader!);
      // Seeded rows skip sign-up, where a real person agrees to the Terms and Privacy Policy in force: agree
      // here as they would have, or every first load would also fetch the "agree again" dialog (decision 0057).
      for (const cookie of [cookieHeader!, driverCookieHeader!]) {
        const headers = { cookie, origin: app.url, 'content-type': 'application/json' };
        const status = (await (await fetch(`${app.url}/api/legal/status`, { headers })).json()) as { current: { terms: number; privacy: number } };
        const res = await fetch(`${app.url}/api/legal/accept`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ terms_version: status.current.terms, privacy_version: status.current.privacy }),
        });
        if (!res.ok) throw new Error(`accepting the legal documents: ${res.status}`);
      }
      // The driver's own dashboard at its secret path (decision 0050), as GET /api/me tells an approved driver.
      const me = (await (await fetch(`${app.url}/api/me`, { headers: { cookie: driverCookieHeader! } })).json()) as { driverDashboardPath?: string };
      if (!me.driverDashboardPath) throw new Error('the seeded approved driver was not told the dashboard path');
      const base = await firstLoadBytes(browser, hello.url);
      const home = await firstLoadBytes(browser, `${app.url}/`);
      const book = await firstLoadBytes(browser, `${app.url}/book-ride`, cookies);
      const dash = await firstLoadBytes(browser, `${app.url}${me.driverDashboardPath}`, toCookies(driverCookieHeader!));
      ctx.log(`first load: hello ${base.files} files, / ${home.files} files, /book-ride ${book.files} files, driver dashboard ${dash.files} files`);
      await browser.close();

      const lhHello = await lighthouseScores(hello.url, runs, ctx.log);
      const lhHome = await lighthouseScores(`${app.url}/`, runs, ctx.log);
      const lhAuth = await lighthouseScores(`${app.url}/auth`, runs, ctx.log);

      const bjs = kb(base.js);
      const bcss = kb(base.css);
      const bytesRow = (figure: string, bytes: number, baseKb: number, target?: number): Row => {
        const value = kb(bytes);
        return {
          area: 6,
          figure,
          value,
          unit: 'KB',
          baseline: { label: HELLO, value: baseKb },
          ratio: ratio(value, baseKb),
          ...(target !== undefined ? { target: `≤ ${target} KB`, met: atMost(value, target) } : {}),
          ...(baseKb === 0 ? { note: 'the hello page has no CSS' } : {}),
        };
      };
      const scoreRow = (figure: string, value: number | null, base: number | null, target: number, failed: string[] = []): Row => ({
        area: 6,
        figure,
        value,
        unit: 'score',
        baseline: { label: HELLO_LH, value: base },
        ratio: ratio(value, base),
        target: `≥ ${target}`,
        met: atLeast(value, target),
        ...(failed.length ? { note: `failing: ${failed.join(', ')}` } : {}),
      });
      const lhNote = `Lighthouse 12.8.2, mobile emulation, ${runs === 1 ? '1 run' : `median of ${runs}`}`;
      return [
        {
          ...bytesRow('First-load JS, / (gzip)', home.js, bjs, 100),
          note: 'every script loaded to network idle, service workers blocked, gzip -9 of each body',
        },
        bytesRow('First-load CSS, / (gzip)', home.css, bcss),
        bytesRow('First-load JS, /book-ride signed in (gzip)', book.js, bjs),
        bytesRow('First-load CSS, /book-ride signed in (gzip)', book.css, bcss),
        // Budget (decision 0050): the signed-in shell plus the dashboard's lazy chunk, ~173 KB when set; zod (26 KB)
        // or a map library (49 KB) slipping into the chunk breaks it.
        {
          ...bytesRow('First-load JS, driver dashboard (secret path) signed in (gzip)', dash.js, bjs, 185),
          note: 'an approved driver at the path GET /api/me told them; no map, no zod',
        },
        { ...scoreRow('Lighthouse performance, /', lhHome.perf, lhHello.perf, 95), note: lhNote },
        scoreRow('Lighthouse performance, /auth', lhAuth.perf, lhHello.perf, 95),
        scoreRow('Lighthouse accessibility, /', lhHome.a11y, lhHello.a11y, 100, lhHome.failedA11y),
        scoreRow('Lighthouse accessibility, /auth', lhAuth.a11y, lhHello.a11y, 100, lhAuth.failedA11y),
      ];
    } finally {
      await browser.close().catch(() => {});
      await app.stop();
      await hello.close();
      await db.drop();
    }
  },
};
