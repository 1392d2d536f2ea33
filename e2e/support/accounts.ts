// Accounts, drivers and reviews set up through the API, so browser tests spend their time on the screens
// under test. Each API client sends its own X-Forwarded-For (servers started with TRUST_PROXY=1), so the
// per-address sign-up limit of the server is never what a test runs into.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { legalText } from '@openride/shared/legal/legal-text';
import { type E2EServer, GOOD_PASSWORD, openPage, PHONE, startE2EServer, TestClient, uniqueEmail } from './fixtures';

export const ADMIN_EMAIL = 'admin@openride.test';
/** startE2EServer(ADMIN_ENV): an admin account, and client addresses taken from X-Forwarded-For. */
export const ADMIN_ENV = { ADMIN_EMAIL, ADMIN_PASSWORD: GOOD_PASSWORD, TRUST_PROXY: '1' };

const WEB_DIST = path.resolve(import.meta.dirname, '../../apps/web/dist');

/**
 * A copy of the built web app, taken once per file: other test runs in this working tree may rebuild
 * apps/web/dist while this file runs, and a page whose lazy chunks vanish mid-test fails for no reason of
 * its own. Retried while a build is half-written (no index.html yet, or an asset it names is missing).
 */
function snapshotWebDist(): string {
  for (let attempt = 0; ; attempt++) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openride-web-'));
    try {
      fs.cpSync(WEB_DIST, dir, { recursive: true });
      const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
      const assets = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]!);
      if (assets.every((asset) => fs.existsSync(path.join(dir, asset)))) return dir;
    } catch {
      // Half-written: try again below.
    }
    fs.rmSync(dir, { recursive: true, force: true });
    if (attempt >= 20) throw new Error(`no complete web build in ${WEB_DIST}`);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
  }
}

/**
 * startE2EServer with the admin account, X-Forwarded-For trusted, and a snapshot of the web build of its own.
 * No map tiles unless a test asks (TILE_URL): this machine has no internet, and a page that draws the map
 * would otherwise log a failed tile fetch for every tile.
 */
export async function startServer(env: Record<string, string> = {}): Promise<E2EServer> {
  const webDist = snapshotWebDist();
  const server = await startE2EServer({ ...ADMIN_ENV, TILE_URL: '', WEB_DIST: webDist, ...env });
  return {
    ...server,
    async close() {
      await server.close();
      fs.rmSync(webDist, { recursive: true, force: true });
    },
  };
}

let addressCounter = 0;
const nextAddress = () => `10.${(process.pid >> 8) & 255}.${process.pid & 255}.${(addressCounter++ % 250) + 1}`;

export class ApiUser extends TestClient {
  constructor(
    baseUrl: string,
    readonly email: string,
    readonly address = nextAddress(),
  ) {
    super(baseUrl);
  }
  override request(path: string, init: { method?: string; json?: unknown; headers?: Record<string, string> } = {}) {
    return super.request(path, { ...init, headers: { 'x-forwarded-for': this.address, ...init.headers } });
  }
}

let phoneCounter = 0;
/** A phone no other test account holds (sign-up refuses a phone that is taken). */
export const uniquePhone = () => `415${String(Date.now() % 10_000).padStart(4, '0')}${String(phoneCounter++ % 1000).padStart(3, '0')}`;

export async function signUpApi(server: E2EServer, opts: { full_name?: string; phone?: string; email?: string } = {}) {
  const email = opts.email ?? uniqueEmail('api');
  const user = new ApiUser(server.url, email);
  const res = await user.post('/api/functions/auth-with-rate-limit', {
    action: 'signup',
    email,
    password: GOOD_PASSWORD,
    options: { data: { full_name: opts.full_name ?? 'Api Person', phone: opts.phone ?? uniquePhone() } },
  });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  await acceptLegalApi(user);
  return user;
}

/** The sign-up screen's agreement (decision 0057): the current Terms and Privacy Policy, accepted, so no test is asked again. */
export async function acceptLegalApi(user: TestClient) {
  const docs = (await user.get('/api/public/legal')).body;
  const res = await user.post('/api/legal/accept', { terms_version: docs.terms.version, privacy_version: docs.privacy.version });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** The sign-up form's required box, by its accessible name. */
export const legalAgreement = `${legalText.agreement.before}${legalText.agreement.terms}${legalText.agreement.and}${legalText.agreement.privacy}${legalText.agreement.after}`;

export async function signInApi(server: E2EServer, email: string, password = GOOD_PASSWORD) {
  const user = new ApiUser(server.url, email);
  const res = await user.post('/api/functions/auth-with-rate-limit', { action: 'signin', email, password });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return user;
}

export const adminApi = (server: E2EServer) => signInApi(server, ADMIN_EMAIL);

/** The hidden admin path, as the server logs it at start. */
export const adminPathOf = (server: E2EServer) => /"adminPath":"(\/[0-9a-f]+)"/.exec(server.output())![1]!;

export const application = (overrides: Record<string, unknown> = {}) => ({
  full_name: 'Dana Driver',
  phone: '4155550199',
  license_number: 'D1234567',
  vehicle_make: 'Toyota',
  vehicle_model: 'Prius',
  vehicle_year: 2021,
  vehicle_color: 'Blue',
  license_plate: '7ABC123',
  ...overrides,
});

export async function applyApi(user: ApiUser, overrides: Record<string, unknown> = {}): Promise<{ id: string }> {
  const res = await user.post('/api/drivers', application(overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.driver;
}

export async function reviewApi(admin: ApiUser, driverId: string, status: 'approved' | 'rejected', reason?: string) {
  const res = await admin.post(`/api/admin/drivers/${driverId}/verification`, reason ? { status, reason } : { status });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/**
 * The driver's application car (a 2021 Prius, 4 seats: Economy and Comfort, decision 0046) with `seats`
 * instead — 6+ makes it XL too: edited through /vehicles (back to verification) and verified by the admin.
 */
export async function giveSeatsApi(driver: ApiUser, admin: ApiUser, seats: number) {
  const list = await driver.get('/api/vehicles');
  expect(list.status, JSON.stringify(list.body)).toBe(200);
  const active = (list.body.vehicles as Array<Record<string, unknown> & { id: string; active: boolean }>).find((v) => v.active)!;
  const { make, model, year, color, license_plate } = active;
  expect((await driver.patch(`/api/vehicles/${active.id}`, { make, model, year, color, license_plate, seats })).status).toBe(200);
  expect((await admin.post(`/api/admin/vehicles/${active.id}/review`, { status: 'verified' })).status).toBe(200);
}

/** A browser page signed in as `user` (its session cookies copied into a fresh context). */
/** A new account on the staff: the owner invites `email` with a role and cities, and they accept by the email's link. */
export async function staffApi(server: E2EServer, owner: ApiUser, opts: { full_name: string; role: string; city_ids?: string[] | null; email?: string }) {
  const email = opts.email ?? uniqueEmail(opts.role);
  const member = await signUpApi(server, { full_name: opts.full_name, email });
  const invited = await owner.post('/api/admin/staff/invitations', { email, role: opts.role, city_ids: opts.city_ids ?? null });
  expect(invited.status, JSON.stringify(invited.body)).toBeLessThan(300);
  const accepted = await member.post('/api/staff-invitations/accept', { token: await staffInvitationToken(server, email) });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  return member;
}

export async function signedInPage(browser: Browser, server: E2EServer, user: TestClient, options: Parameters<typeof openPage>[2] = PHONE) {
  const opened = await openPage(browser, server.url, options);
  await opened.context.addCookies([...user.cookies].map(([name, value]) => ({ name, value, url: server.url })));
  return opened;
}

/** A toast (or any text) the person reads, exactly. */
export const byText = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

/**
 * What `pattern`'s first group matches in the newest message of `channel` to `to` the dev outbox holds (this
 * server is not production), once it is there.
 */
async function outboxMatch(server: E2EServer, channel: 'sms' | 'email', to: string, pattern: RegExp): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(async () => {
      const rows = (await (await fetch(`${server.url}/api/dev/outbox`)).json()) as Array<{ channel: string; to: string; body: string }>;
      found = rows.find((row) => row.channel === channel && row.to === to)?.body.match(pattern)?.[1];
      return found;
    })
    .toBeTruthy();
  return found!;
}

/** The newest SMS the dev outbox holds for a 10-digit US phone, and the 6-digit code in it. */
/** The newest code texted to a US number's 10 digits, or to an E.164 number (`+34…`, decision 0094). */
export const smsCode = (server: E2EServer, phone: string) => outboxMatch(server, 'sms', phone.startsWith('+') ? phone : `+1${phone}`, /\b(\d{6})\b/);

/** The token of the newest staff invitation emailed to `email` (decision 0089). */
export const staffInvitationToken = async (server: E2EServer, email: string) =>
  decodeURIComponent(await outboxMatch(server, 'email', email, /staff-invitation\?token=([^\s&"<]+)/));

/**
 * A test service area over the whole bay, drawn by the admin through the API (decision 0031): for journeys
 * that spread drivers kilometres apart, some of them over water or past the city's land, where the demo
 * city's real polygon does not serve.
 */
export async function serveTheWholeBay(server: E2EServer) {
  const admin = await adminApi(server);
  const box = [
    [-122.7, 37.5],
    [-122.1, 37.5],
    [-122.1, 38.2],
    [-122.7, 38.2],
    [-122.7, 37.5],
  ];
  const res = await admin.post('/api/admin/zones', {
    city_id: 'sf',
    type: 'service_area',
    name: 'Bay Area (tests)',
    color: '#16a34a',
    priority: -1,
    enabled: true,
    geometry: { type: 'Polygon', coordinates: [box] },
  });
  expect(res.status).toBe(201);
}
