import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOf, ADMIN_ENV, eventually, onlineDriver, UNION_SQUARE } from './ride-actors';
import { spawnServer } from './spawn-server';
import { createTestDatabase } from './test-database';
import { startTestServer, type TestServer } from './test-server';

const scaled = Boolean(process.env.TEST_REDIS_URL);

describe('seeing a running server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(ADMIN_ENV);
  });
  afterAll(() => server?.stop());

  it('GET /api/health/ready: the database (and Redis in scaled mode) answer', async () => {
    const res = await server.client().get('/api/health/ready');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready', database: 'ok', redis: scaled ? 'ok' : 'not_configured' });
  });

  it('gives every request an id (a plausible caller id is kept), returned as X-Request-Id', async () => {
    const client = server.client();
    const own = await client.request('/api/health', { headers: { 'x-request-id': 'lb-7f3a:42' } });
    expect(own.headers.get('x-request-id')).toBe('lb-7f3a:42');
    const junk = await client.request('/api/health', { headers: { 'x-request-id': 'no spaces <script>' } });
    expect(junk.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const none = await client.request('/api/config');
    expect(none.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('GET /metrics: requests by route pattern and status, sockets, location frames, Node’s own gauges', async () => {
    const admin = await adminOf(server);
    const driver = await onlineDriver(server, admin, UNION_SQUARE, 'Metric Mo');
    await server.client().get('/api/rides/00000000-0000-0000-0000-000000000000');
    const text = await eventually(async () => {
      const res = await fetch(`${server.url}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/plain');
      const body = await res.text();
      return body.includes('openride_location_frames_total{result="indexed"}') ? body : null;
    });
    // Route patterns, not paths: one series for every ride id.
    expect(text).toMatch(/openride_http_requests_total\{method="GET",route="\/api\/rides\/:id",status="401"\} 1/);
    expect(text).toMatch(
      /openride_http_request_duration_seconds_bucket\{le="[\d.]+",method="GET",route="\/api\/health\/ready"\}|openride_http_request_duration_seconds_count/,
    );
    expect(text).toMatch(/openride_sockets_open [1-9]/);
    // The driver's socket is in their user room: this process is subscribed to it on the bus.
    expect(text).toMatch(/openride_bus_rooms [1-9]/);
    expect(text).toMatch(/openride_bus_messages_received_total \d+/);
    expect(text).toContain('openride_breadcrumbs_pending');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toContain('openride_dispatch_sweep_duration_seconds_count');
    driver.socket.close();
  });

  it('a scanner inventing addresses adds no series to /metrics', async () => {
    const seriesOf = (body: string) => body.split('\n').filter((l) => l.startsWith('openride_http_requests_total{')).length;
    const before = seriesOf(await (await fetch(`${server.url}/metrics`)).text());
    for (let i = 0; i < 40; i++) {
      const res = await server.client().get(`/api/no-such-thing-${i}/${crypto.randomUUID()}`);
      expect(res.status).toBe(404);
      await fetch(`${server.url}/wp-admin-${i}.php`);
    }
    const body = await (await fetch(`${server.url}/metrics`)).text();
    expect(body).not.toContain('no-such-thing');
    expect(body).not.toContain('wp-admin');
    // At most a couple of new series (the catch-all's 404s), not one per address tried.
    expect(seriesOf(body) - before).toBeLessThanOrEqual(4);
  });
});

describe('/metrics behind METRICS_TOKEN', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ METRICS_TOKEN: 'a-long-scrape-token-1234' });
  });
  afterAll(() => server?.stop());

  it('refuses a scraper without the token or with a wrong one, and answers the right one', async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer a-long-scrape-token-1235' } })).status).toBe(401);
    expect((await fetch(`${server.url}/metrics`, { headers: { authorization: 'Basic a-long-scrape-token-1234' } })).status).toBe(401);
    const ok = await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer a-long-scrape-token-1234' } });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('openride_http_requests_total');
  });
});

describe('/metrics in production without a token', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      NODE_ENV: 'production',
      AUTH_SECRET: 'x'.repeat(40),
      SMTP_URL: 'smtp://127.0.0.1:2525',
      TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000',
      TWILIO_AUTH_TOKEN: 'test-token',
      TWILIO_FROM: '+14155550000',
    });
  });
  afterAll(() => server?.stop());

  it('is off (404): nobody scrapes a production server that did not ask for it', async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
    expect((await server.client().get('/api/health/ready')).status).toBe(200);
  });
});

describe('the request log', () => {
  it('writes one JSON line per request with its id, method, route pattern, status and duration', async () => {
    const db = await createTestDatabase();
    const proc = await spawnServer({ ...db.env, LOG_LEVEL: 'info', LOG_FORMAT: 'json', NODE_ENV: 'test' });
    try {
      const res = await fetch(`${proc.url}/api/rides/00000000-0000-0000-0000-000000000000`, { headers: { 'x-request-id': 'trace-r1' } });
      expect(res.status).toBe(401);
      const line = await eventually(async () =>
        proc
          .output()
          .split('\n')
          .filter((l) => l.startsWith('{'))
          .map((l) => JSON.parse(l) as Record<string, unknown>)
          .find((l) => l.msg === 'request' && l.reqId === 'trace-r1'),
      );
      expect(line).toMatchObject({ method: 'GET', route: '/api/rides/:id', status: 401, path: '/api/rides/00000000-0000-0000-0000-000000000000' });
      expect(typeof line.ms).toBe('number');
    } finally {
      await proc.stop();
      await db.drop();
    }
  }, 60_000);
});
