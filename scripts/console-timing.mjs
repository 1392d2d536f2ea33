// Time to content on the console (issue 27 §17, decision 0080): signs in as the demo admin on a running
// `npm start` and opens each console page first (a fresh browser profile that has loaded only the home page:
// the entry is cached, the console's chunks are not) and again (the same admin opening it later), reporting when the page's heading is shown with no
// 'Loading...' and nothing busy in the main area. A measurement, never a test: run it on an idle machine.
//
//   npm start                                    # in another terminal: the demo city
//   node scripts/console-timing.mjs [--base http://127.0.0.1:3000] [--runs 3] [--cpu 1]
//
// --cpu N slows the browser's CPU N times (Chrome's own throttling), for a slower laptop than this one.
/* global document */
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { findChromium } from './ensure-browser.mjs';

const { values } = parseArgs({
  options: {
    base: { type: 'string', default: 'http://127.0.0.1:3000' },
    runs: { type: 'string', default: '3' },
    cpu: { type: 'string', default: '1' },
    email: { type: 'string', default: 'admin@demo.openride.local' },
    password: { type: 'string', default: 'Demo-Ride-415' },
    pages: { type: 'string' },
  },
});

export const CONSOLE_PAGES = [
  '/analytics',
  '/booking-management',
  '/driver-management',
  '/customer-management',
  '/document-review',
  '/insurance-verification',
  '/pricing-settings',
  '/surge-pricing',
  '/geofence-management',
  '/cancellation-policies',
  '/financial-settings',
  '/financial-dashboard',
  '/driver-payouts',
  '/refund-management',
  '/promo-codes',
  '/corporate-accounts/invoices',
  '/driver-heatmap',
  '/driver-admin-dashboard',
  '/support-procedures',
  '/video-assets-generator',
];

const pages = values.pages ? values.pages.split(',') : CONSOLE_PAGES;
const runs = Number(values.runs);
const cpu = Number(values.cpu);

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? findChromium(), headless: true });

async function signedInContext() {
  const context = await browser.newContext({ baseURL: values.base, viewport: { width: 1366, height: 800 } });
  const res = await context.request.post('/api/functions/auth-with-rate-limit', { data: { action: 'signin', email: values.email, password: values.password } });
  if (!res.ok()) throw new Error(`sign-in failed: ${res.status()} ${await res.text()}`);
  return context;
}

/**
 * Milliseconds from navigation start until the heading is up, nothing in main is loading or busy, and every
 * API request the page has made so far is answered (a page that shows its frame before asking is not done).
 */
async function timeToContent(page, path) {
  if (cpu > 1) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  }
  const inFlight = new Set();
  let settled = () => {};
  const isApi = (req) => new URL(req.url()).pathname.startsWith('/api/') && req.resourceType() !== 'websocket';
  page.on('request', (req) => isApi(req) && inFlight.add(req));
  const done = (req) => {
    inFlight.delete(req);
    if (inFlight.size === 0) settled();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  const start = Date.now();
  await page.goto(path, { waitUntil: 'commit' });
  for (;;) {
    await page.waitForFunction(
      () => {
        const main = document.querySelector('main');
        if (!main?.querySelector('h1')) return false;
        if (main.querySelector('[aria-busy="true"]')) return false;
        return ![...main.querySelectorAll('[role="status"]')].some((el) => /Loading/.test(el.textContent ?? ''));
      },
      undefined,
      { timeout: 60_000, polling: 'raf' },
    );
    if (inFlight.size === 0) return Date.now() - start;
    await new Promise((resolve) => {
      settled = resolve;
      setTimeout(resolve, 10_000);
    });
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rows = [];
for (const path of pages) {
  const cold = [];
  const warm = [];
  for (let i = 0; i < runs; i++) {
    const context = await signedInContext();
    // The admin came by the site (the home page's load), as before a sign-in.
    const first = await context.newPage();
    await first.goto('/', { waitUntil: 'load' });
    await first.close();
    const page = await context.newPage();
    cold.push(await timeToContent(page, path));
    await page.close();
    const again = await context.newPage();
    warm.push(await timeToContent(again, path));
    await context.close();
  }
  rows.push({ path, cold: median(cold), warm: median(warm) });
  console.log(`${path.padEnd(30)} first open ${String(median(cold)).padStart(5)} ms   again ${String(median(warm)).padStart(5)} ms   (${runs} runs, median)`);
}
const worst = rows.reduce((a, b) => (b.cold > a.cold ? b : a));
console.log(
  `\nslowest first open: ${worst.path} ${worst.cold} ms; pages over 1500 ms: ${
    rows
      .filter((r) => r.cold > 1500)
      .map((r) => r.path)
      .join(', ') || 'none'
  }`,
);
await browser.close();
