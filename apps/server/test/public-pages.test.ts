import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { aboutText, safetyText } from '@openride/shared/public/info-text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test-server';

/**
 * The public information pages, pre-rendered into index.html (issue 15, decision 0057): the raw HTML, before
 * any JavaScript runs, holds the page's heading, title and description; other paths get the app shell as is.
 */
const SHELL = `<!doctype html><html lang="en"><head><meta name="description" content="OpenRide: book a ride." /><title>OpenRide</title></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>`;
let server: TestServer;
let dist: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'openride-prerender-'));
  fs.writeFileSync(path.join(dist, 'index.html'), SHELL);
  server = await startTestServer({ WEB_DIST: dist });
});
afterAll(async () => {
  await server?.stop();
  fs.rmSync(dist, { recursive: true, force: true });
});

const page = async (p: string) => {
  const res = await fetch(new URL(p, server.url), { headers: { accept: 'text/html' } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/html');
  return res.text();
};

describe('pre-rendered public pages', () => {
  it('/about holds its heading, the served cities, a title and a description in the raw HTML', async () => {
    const html = await page('/about');
    expect(html).toContain(`<h1 class="text-3xl font-bold tracking-tight text-ink-900">${aboutText.title}</h1>`);
    expect(html).toContain(`<title>${aboutText.title} · OpenRide</title>`);
    expect(html).toContain(`<meta name="description" content="${aboutText.description}" />`);
    const cities = (await (await fetch(new URL('/api/public/cities', server.url))).json()) as { cities: Array<{ name: string }> };
    expect(html).toContain(aboutText.cities(cities.cities.map((c) => c.name)));
    // Still the app: its script is there, and nothing inline was added (the CSP hashes inline scripts).
    expect(html).toContain('<script type="module" src="/assets/app.js"></script>');
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  it('/safety lists the real features, /legal the documents in force', async () => {
    const safety = await page('/safety');
    for (const item of safetyText.items) expect(safety).toContain(item.title);
    // SOS is built (decision 0061): listed here, and answered in the FAQ (below).
    expect(safety).toContain('SOS button');
    const legal = await page('/legal');
    expect(legal).toContain('Terms of Service');
    expect(legal).toContain('Privacy Policy');
    expect(legal).toContain('Route points of rides are deleted');
  });

  it('/help holds every question and answer of the FAQ, as its public API lists them', async () => {
    const faq = (await (await fetch(new URL('/api/public/faq', server.url))).json()) as {
      topics: { label: string; entries: { question: string; answer: string }[] }[];
    };
    const entries = faq.topics.flatMap((t) => t.entries);
    expect(entries.length).toBeGreaterThan(5);
    expect(entries.map((e) => e.question)).toContain('What does the SOS button do?');
    const html = await page('/help');
    const escaped = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
    for (const e of entries) {
      expect(html).toContain(escaped(e.question));
      expect(html).toContain(escaped(e.answer));
    }
  });

  it('/services, /pricing, /help and /contact have content; other paths get the shell unchanged', async () => {
    for (const p of ['/services', '/pricing', '/help', '/contact', '/about/'])
      expect(await page(p)).toMatch(/<div id="root"><nav data-prerendered aria-label="Site"/);
    expect(await page('/pricing')).toContain('base +');
    expect(await page('/book-ride')).toBe(SHELL);
    expect(await page('/some/unknown')).toBe(SHELL);
  });
});
