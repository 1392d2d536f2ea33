import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './api';

describe('api', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends a write without a body as an empty JSON object (the server answers 415 to a write that is not JSON), and a read with none', async () => {
    const calls: RequestInit[] = [];
    vi.stubGlobal('fetch', async (_path: string, init: RequestInit) => {
      calls.push(init);
      return new Response(null, { status: 204 });
    });
    await api('/api/things/1', { method: 'DELETE' });
    await api('/api/things/1/activate', { method: 'POST' });
    await api('/api/things', { method: 'POST', body: { a: 1 } });
    await api('/api/things');
    expect(calls.map((c) => [c.method, c.body, (c.headers as Record<string, string>)['Content-Type']])).toEqual([
      ['DELETE', '{}', 'application/json'],
      ['POST', '{}', 'application/json'],
      ['POST', '{"a":1}', 'application/json'],
      ['GET', undefined, undefined],
    ]);
  });
});
