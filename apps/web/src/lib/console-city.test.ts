import { describe, expect, it } from 'vitest';
import type { Me } from './session';
import { consoleCityOf, pageCityOf } from './console-city';

const staff = (city_ids: string[] | null): Me => ({
  user: { id: 'u1', email: 'a@b.test', name: 'A' },
  role: 'admin',
  roles: ['admin'],
  isAdmin: true,
  profile: { full_name: 'A', phone: null, push_token: null },
  staff: { role: 'operations', permissions: ['console.open'], city_ids, second_factor: null },
});

describe('consoleCityOf', () => {
  it('is the only city of a member of one city, whatever was remembered', () => {
    expect(consoleCityOf(staff(['madrid']), null)).toBe('madrid');
    expect(consoleCityOf(staff(['madrid']), 'sf')).toBe('madrid');
  });

  it('keeps a remembered city only while it is one of the member’s', () => {
    expect(consoleCityOf(staff(['madrid', 'sf']), 'sf')).toBe('sf');
    expect(consoleCityOf(staff(['madrid', 'sf']), 'paris')).toBeNull();
    expect(consoleCityOf(staff(['madrid', 'sf']), null)).toBeNull();
  });

  it('for a member of every city: any city the console lists, the remembered one until the list is known', () => {
    expect(consoleCityOf(staff(null), 'sf')).toBe('sf');
    expect(consoleCityOf(staff(null), 'sf', [{ id: 'sf' }, { id: 'madrid' }])).toBe('sf');
    expect(consoleCityOf(staff(null), 'gone', [{ id: 'sf' }])).toBeNull();
    expect(consoleCityOf(staff(null), null, [{ id: 'sf' }])).toBeNull();
  });

  it('is "All cities" for anyone who is not staff', () => {
    expect(consoleCityOf(null, 'sf')).toBeNull();
    expect(consoleCityOf(undefined, 'sf')).toBeNull();
    expect(consoleCityOf({ ...staff(null), staff: undefined }, 'sf')).toBeNull();
  });
});

describe('pageCityOf', () => {
  it('starts on the console city when one is chosen', () => {
    expect(pageCityOf(staff(null), 'madrid', 'sf')).toBe('madrid');
    expect(pageCityOf(staff(null), 'madrid', '')).toBe('madrid');
  });

  it('else on the page’s own start, unless it names a city that is not the member’s', () => {
    expect(pageCityOf(staff(null), null, 'sf')).toBe('sf');
    expect(pageCityOf(staff(['madrid', 'paris']), null, 'sf')).toBe('madrid');
    expect(pageCityOf(staff(['madrid', 'sf']), null, 'sf')).toBe('sf');
    expect(pageCityOf(staff(['madrid', 'paris']), null, '')).toBe('');
    expect(pageCityOf(staff(['madrid', 'paris']), null, null)).toBeNull();
  });
});
