import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDateTimeIn, isoInZone } from './time';

describe('time in the city’s zone', () => {
  it('names the instant as the city’s clock read it', () => {
    const at = '2026-12-02T18:45:00.000Z';
    expect(formatDateTimeIn(at, 'America/Los_Angeles')).toMatch(/^Dec 2, 2026, 10:45\sAM PST$/);
    expect(formatDateTimeIn(at, 'Europe/Madrid', 'es')).toMatch(/2 dic 2026.*19:45.*CET/);
    expect(formatDateTimeIn(at, 'Asia/Tokyo')).toMatch(/Dec 3, 2026, 3:45\sAM GMT\+9/);
  });

  it('writes exports as ISO 8601 with the city’s offset, summer and winter', () => {
    expect(isoInZone('2026-12-02T18:45:00.000Z', 'America/Los_Angeles')).toBe('2026-12-02T10:45:00-08:00');
    expect(isoInZone('2026-07-02T18:45:00.000Z', 'America/Los_Angeles')).toBe('2026-07-02T11:45:00-07:00');
    expect(isoInZone('2026-12-02T18:45:00.000Z', 'Asia/Kolkata')).toBe('2026-12-03T00:15:00+05:30');
    expect(isoInZone('2026-12-02T18:45:00.000Z', 'UTC')).toBe('2026-12-02T18:45:00+00:00');
  });

  it('an export’s time reads back as the same instant, in any zone', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) }),
        fc.constantFrom('America/Los_Angeles', 'Europe/Madrid', 'Asia/Kolkata', 'Pacific/Chatham', 'UTC', 'America/St_Johns'),
        (ms, zone) => {
          const at = new Date(Math.floor(ms / 1000) * 1000);
          expect(new Date(isoInZone(at, zone)).getTime()).toBe(at.getTime());
        },
      ),
    );
  });
});
