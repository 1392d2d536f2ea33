import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiPath, call, type CallInput, type CallResult, hrefOf, pathOf } from './call';

describe('call', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('fills the path from params (encoded) and writes only the query values that are set', () => {
    expect(pathOf('/api/admin/cities/:id', { id: 'san francisco/1' })).toBe('/api/admin/cities/san%20francisco%2F1');
    expect(pathOf('/api/rides/:id/messages', { id: 'r1' }, { before: undefined, limit: 20, q: '' })).toBe('/api/rides/r1/messages?limit=20');
    expect(pathOf('/api/admin/rides', {}, { sort: 'requested_at', dir: 'desc' })).toBe('/api/admin/rides?sort=requested_at&dir=desc');
  });

  it('sends the route by its contract name: the filled path, its method, the body, the signal, headers and cache mode', async () => {
    const sent: [string, RequestInit][] = [];
    vi.stubGlobal('fetch', async (path: string, init: RequestInit) => {
      sent.push([path, init]);
      return new Response('{"ok":true}', { status: 200 });
    });
    await call('GET /api/rides/:id/messages', { params: { id: 'r 1' }, query: { before: '' } });
    await call('POST /api/rides/:id/sos', { params: { id: 'r1' } });
    await call('PATCH /api/admin/cities/:id', { params: { id: 'sf' }, body: { name: 'San Francisco' } });
    await call('GET /api/admin/insurance-policies', { query: { list: 'review', city: '' } });
    await call('GET /api/public/faq', {}, { cache: 'no-cache', headers: { 'X-Device-Id': 'd' } });
    expect(sent.map(([path, init]) => [path, init.method, init.body, init.cache])).toEqual([
      ['/api/rides/r%201/messages', 'GET', undefined, undefined],
      // A write without a body sends `{}` (the server's CSRF rule takes JSON only), as `api` always has.
      ['/api/rides/r1/sos', 'POST', '{}', undefined],
      ['/api/admin/cities/sf', 'PATCH', '{"name":"San Francisco"}', undefined],
      ['/api/admin/insurance-policies?list=review', 'GET', undefined, undefined],
      ['/api/public/faq', 'GET', undefined, 'no-cache'],
    ]);
    expect((sent[4]![1].headers as Record<string, string>)['X-Device-Id']).toBe('d');
  });

  it("writes a GET route's address for the browser or the list kit, filled as call fills it", () => {
    expect(hrefOf('GET /api/files/:id', { params: { id: 'a/b' } })).toBe('/api/files/a%2Fb');
    expect(hrefOf('GET /api/drivers/me/statements/:week', { params: { week: '2026-W01' }, query: { format: 'csv' } })).toBe(
      '/api/drivers/me/statements/2026-W01?format=csv',
    );
    expect(hrefOf('GET /api/admin/zones/export', { query: { city_id: 'sf' } })).toBe('/api/admin/zones/export?city_id=sf');
    expect(hrefOf('GET /api/me/export')).toBe('/api/me/export');
    const upload: ApiPath<'POST /api/files'> = '/api/files';
    // @ts-expect-error a path the route does not have is refused
    const wrong: ApiPath<'POST /api/files'> = '/api/file';
    expect([upload, wrong]).toEqual(['/api/files', '/api/file']);
  });

  it('types a route by its contract name (checked by the typecheck)', () => {
    const cities: CallResult<'GET /api/admin/cities'> = { items: [] };
    const input: CallInput<'PATCH /api/admin/cities/:id'> = { params: { id: 'sf' }, body: { name: 'San Francisco' } };
    // @ts-expect-error a route the contract does not have cannot be named
    const nothing: CallResult<'GET /api/admin/nope'> = null;
    // @ts-expect-error a route with a path parameter needs it
    const missing: CallInput<'PATCH /api/admin/cities/:id'> = { body: {} };
    expect([cities.items, input.params.id, nothing, missing]).toEqual([[], 'sf', null, { body: {} }]);
  });
});
