import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './paths';

describe('safeReturnTo', () => {
  it('keeps same-origin paths', () => {
    expect(safeReturnTo('/driver-active')).toBe('/driver-active');
    expect(safeReturnTo('/track-ride/1?x=2')).toBe('/track-ride/1?x=2');
  });

  it('drops anything that could leave the site', () => {
    for (const value of [null, '', 'https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      expect(safeReturnTo(value)).toBeNull();
    }
  });
});
