import { describe, expect, it } from 'vitest';
import { detectNativePlatform } from './native-platform';

describe('detectNativePlatform (same rule as Capacitor.isNativePlatform)', () => {
  it('a plain browser window is web', () => {
    expect(detectNativePlatform({})).toBe(false);
    expect(detectNativePlatform({ webkit: { messageHandlers: {} } })).toBe(false);
  });

  it('the Android and iOS bridges are native', () => {
    expect(detectNativePlatform({ androidBridge: {} })).toBe(true);
    expect(detectNativePlatform({ webkit: { messageHandlers: { bridge: {} } } })).toBe(true);
  });

  it('a custom platform decides by its name', () => {
    expect(detectNativePlatform({ CapacitorCustomPlatform: { name: 'electron' } })).toBe(true);
    expect(detectNativePlatform({ CapacitorCustomPlatform: { name: 'web' }, androidBridge: {} })).toBe(false);
  });
});
