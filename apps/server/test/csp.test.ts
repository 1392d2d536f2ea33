import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VITE_DEV_ORIGIN } from '../src/http/csp';
import { upgradeStatus } from './socket-client';
import { startTestServer, type TestServer } from './test-server';

/**
 * Issue 11, finding 6: a strict Content-Security-Policy on the app's pages (decision 0025), and the Vite
 * dev origin trusted in development only. The built web app is stood in for by a page with one inline script
 * (the hero preload the real index.html carries): the policy allows exactly that script by its hash.
 */
const INLINE = "\n      if (location.pathname === '/') document.title = 'OpenRide';\n    ";
const INLINE_HASH = `'sha256-${createHash('sha256').update(INLINE).digest('base64')}'`;

function webDist() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openride-csp-'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html><head><script>${INLINE}</script></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>`,
  );
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'assets', 'app.js'), 'export {};');
  return dir;
}

function directives(header: string | null) {
  expect(header).toBeTruthy();
  return new Map(
    header!
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...sources]) => [name!, sources]),
  );
}

const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  AUTH_SECRET: 'x'.repeat(40),
  SMTP_URL: 'smtp://127.0.0.1:9',
  TWILIO_ACCOUNT_SID: 'AC-test',
  TWILIO_AUTH_TOKEN: 'test',
  TWILIO_FROM: '+15550000000',
};

describe('Content-Security-Policy (issue 11, finding 6)', () => {
  const dist = webDist();
  let production: TestServer;
  let development: TestServer;

  beforeAll(async () => {
    production = await startTestServer({
      ...PRODUCTION_ENV,
      WEB_DIST: dist,
      TILE_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
      GEOCODER_URL: 'https://geocode.example.org/search',
    });
    development = await startTestServer({ NODE_ENV: 'development', DEMO: '0', WEB_DIST: dist, TILE_URL: '' });
  });
  afterAll(async () => {
    await production?.stop();
    await development?.stop();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves the app and its page routes with scripts from this origin only, the inline preload by its hash', async () => {
    for (const page of ['/', '/ride-history', '/api/docs']) {
      const res = await fetch(`${production.url}${page}`);
      expect(res.status).toBe(200);
      const csp = directives(res.headers.get('content-security-policy'));
      expect(csp.get('script-src')).toEqual(["'self'", INLINE_HASH]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      // Leaflet and recharts position with style attributes: styles may be inline, scripts never.
      expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
      const host = new URL(production.url).host;
      expect(csp.get('connect-src')).toEqual(["'self'", `ws://${host}`, `wss://${host}`, 'https://geocode.example.org', 'https://*.tiles.example.org']);
      expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://*.tiles.example.org']);
      // Production reports nowhere.
      expect(csp.has('report-uri')).toBe(false);
    }
    // The page itself carries the script the hash names, and no other inline one.
    const html = await (await fetch(production.url)).text();
    expect(html).toContain(INLINE);
  });

  it('names no tile server when TILE_URL is blank, and reports violations in development', async () => {
    const res = await fetch(`${development.url}/ride-history`);
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp.get('report-uri')).toEqual(['/api/csp-report']);
    const report = {
      'csp-report': { 'document-uri': `${development.url}/`, 'violated-directive': 'script-src-elem', 'blocked-uri': 'https://evil.example/x.js' },
    };
    const sent = await fetch(`${development.url}/api/csp-report`, {
      method: 'POST',
      headers: { 'content-type': 'application/csp-report' },
      body: JSON.stringify(report),
    });
    expect(sent.status).toBe(204);
    const junk = await fetch(`${development.url}/api/csp-report`, { method: 'POST', headers: { 'content-type': 'application/csp-report' }, body: '"x"' });
    expect(junk.status).toBe(400);
    // Not mounted in production.
    expect(
      (await fetch(`${production.url}/api/csp-report`, { method: 'POST', headers: { 'content-type': 'application/csp-report' }, body: JSON.stringify(report) }))
        .status,
    ).toBe(404);
  });

  it(`trusts ${VITE_DEV_ORIGIN} in development only: better-auth's origin check and the WebSocket upgrade`, async () => {
    const signOut = (server: TestServer, origin: string) =>
      fetch(`${server.url}/api/auth/sign-out`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json', cookie: 'better-auth.session_token=x' },
        body: '{}',
      });
    expect((await signOut(production, VITE_DEV_ORIGIN)).status).toBe(403);
    expect((await signOut(development, VITE_DEV_ORIGIN)).status).toBe(200);
    // The server's own origin is trusted in both.
    expect((await signOut(production, production.url)).status).toBe(200);

    // 403 is the origin refused; 401 is the origin accepted and then no session.
    expect(await upgradeStatus(production.url, { origin: VITE_DEV_ORIGIN })).toBe(403);
    expect(await upgradeStatus(development.url, { origin: VITE_DEV_ORIGIN })).toBe(401);
  });
});
