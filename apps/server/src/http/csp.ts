import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Env } from '../env';

/** The Vite dev server (`npm run dev`): it proxies /api and /ws here with the page's own Origin. */
export const VITE_DEV_ORIGIN = 'http://localhost:5173';

/** Where CSP violations are reported in development (logged, decision 0025). */
export const CSP_REPORT_PATH = '/api/csp-report';

/**
 * Origins whose pages may call this server with cookies (better-auth's origin check and the WebSocket
 * upgrade): PUBLIC_URL, TRUSTED_ORIGINS, and the Vite dev server only in development (issue 11, finding 6).
 */
export function trustedOriginsOf(env: Pick<Env, 'NODE_ENV' | 'TRUSTED_ORIGINS'>, publicUrl: string): string[] {
  const configured = env.TRUSTED_ORIGINS.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return [publicUrl, ...(env.NODE_ENV === 'development' ? [VITE_DEV_ORIGIN] : []), ...configured];
}

/**
 * The origin a tile URL template loads from, as a CSP source: `https://{s}.tile.example/{z}/{x}/{y}.png`
 * → `https://*.tile.example`. Null for a blank TILE_URL (no map tiles) or one that is not http(s).
 */
export function tileSource(tileUrl: string | undefined): string | null {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(tileUrl?.trim() ?? '');
  if (!match) return null;
  const [first, ...rest] = match[2]!.split('.');
  // Leaflet's subdomain template, always the leftmost label: CSP's wildcard may stand only there.
  const host = [first!.includes('{') ? '*' : first, ...rest].join('.');
  if (host.includes('{') || /[\s;,'"]/.test(host)) return null;
  return `${match[1]!.toLowerCase()}://${host}`;
}

/** The sha256 sources of the inline scripts of the built index.html (its hero preload), so no other inline script runs. */
export function inlineScriptHashes(webDist: string | undefined): string[] {
  if (!webDist) return [];
  const file = path.join(webDist, 'index.html');
  if (!fs.existsSync(file)) return [];
  const html = fs.readFileSync(file, 'utf8');
  const hashes: string[] = [];
  for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attrs!) || !body!.trim()) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body!, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

const HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/**
 * The Content-Security-Policy of every response (issue 11, finding 6; decision 0025). Scripts from this
 * origin only (and the hashed inline hero preload); no eval. Styles allow 'unsafe-inline': Leaflet and
 * recharts position with style attributes and the API reference page has its own <style>. Images from here,
 * data: and blob: URLs and the tile server; media from here and blob: URLs (recorded videos); connections to here, its WebSocket and the geocoder. In
 * development the browser reports violations to CSP_REPORT_PATH.
 */
/**
 * With Stripe configured (decision 0038), Stripe.js and its Elements frames: script and frames from
 * js.stripe.com (3-D Secure from hooks.stripe.com), calls to api.stripe.com, as Stripe's CSP guide lists.
 */
export function contentSecurityPolicy(opts: { tileUrl?: string; geocoderUrl?: string; development: boolean; scriptHashes: string[]; stripe?: boolean }) {
  const tiles = tileSource(opts.tileUrl);
  const geocoder = opts.geocoderUrl ? new URL(opts.geocoderUrl).origin : null;
  const fixed = {
    script: ["'self'", ...opts.scriptHashes, ...(opts.stripe ? ['https://js.stripe.com'] : [])].join(' '),
    img: ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])].join(' '),
    connect: [...(geocoder ? [geocoder] : []), ...(tiles ? [tiles] : []), ...(opts.stripe ? ['https://api.stripe.com'] : [])].join(' '),
  };
  // One policy per Host header, built once: a server is reached by a handful of addresses, so a small
  // cache holds them all (and a client inventing hosts only ever churns it, never grows it).
  const byHost = new Map<string, string>();
  const build = (host: string | undefined) => {
    // 'self' covers ws(s): of this host in CSP 3; named too, for browsers that read CSP 2.
    const socket = host && HOST.test(host) ? `ws://${host} wss://${host}` : '';
    return [
      "default-src 'self'",
      `script-src ${fixed.script}`,
      "style-src 'self' 'unsafe-inline'",
      `img-src ${fixed.img}`,
      // The videos /video-assets-generator records in the page and plays back from blob: URLs (decision 0060).
      "media-src 'self' blob:",
      `connect-src 'self' ${socket} ${fixed.connect}`.replace(/\s+/g, ' ').trim(),
      "font-src 'self' data:",
      ...(opts.stripe ? ['frame-src https://js.stripe.com https://hooks.stripe.com'] : []),
      "worker-src 'self'",
      "manifest-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
      ...(opts.development ? [`report-uri ${CSP_REPORT_PATH}`] : []),
    ].join('; ');
  };
  return (host: string | undefined) => {
    const key = host ?? '';
    let policy = byHost.get(key);
    if (policy === undefined) {
      policy = build(host);
      if (byHost.size >= 32) byHost.clear();
      byHost.set(key, policy);
    }
    return policy;
  };
}
