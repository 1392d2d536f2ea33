import { describe, expect, it } from 'vitest';
import { type CallInput, type CallResult, pathOf } from './call';

describe('call', () => {
  it('fills the path from params (encoded) and writes only the query values that are set', () => {
    expect(pathOf('/api/admin/cities/:id', { id: 'san francisco/1' })).toBe('/api/admin/cities/san%20francisco%2F1');
    expect(pathOf('/api/rides/:id/messages', { id: 'r1' }, { before: undefined, limit: 20, q: '' })).toBe('/api/rides/r1/messages?limit=20');
    expect(pathOf('/api/admin/rides', {}, { sort: 'requested_at', dir: 'desc' })).toBe('/api/admin/rides?sort=requested_at&dir=desc');
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
