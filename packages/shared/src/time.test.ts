import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDateTimeIn, isoInZone, wallClock } from './time';

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

describe('the wall clock of a city', () => {
  it('reads date, time, ISO weekday and minute of day on the city’s clock', () => {
    // Wednesday 2 December 2026, 18:45 UTC: 10:45 in San Francisco, 00:15 Thursday in Kolkata.
    expect(wallClock('2026-12-02T18:45:07Z', 'America/Los_Angeles')).toEqual({
      year: 2026,
      month: 12,
      day: 2,
      hour: 10,
      minute: 45,
      second: 7,
      weekday: 3,
      minuteOfDay: 645,
      asUtc: Date.UTC(2026, 11, 2, 10, 45, 7),
    });
    expect(wallClock('2026-12-02T18:45:00Z', 'Asia/Kolkata')).toMatchObject({ day: 3, weekday: 4, hour: 0, minuteOfDay: 15 });
    expect(wallClock('2026-12-06T12:00:00Z', 'UTC').weekday).toBe(7);
  });

  it('its reading minus the instant is the zone’s offset, in any zone', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) }),
        fc.constantFrom('America/Los_Angeles', 'Asia/Kolkata', 'UTC'),
        (ms, zone) => {
          const at = Math.floor(ms / 1000) * 1000;
          const offset = isoInZone(new Date(at), zone).slice(-6);
          const sign = offset.startsWith('-') ? -1 : 1;
          const expected = sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6))) * 60_000;
          expect(wallClock(at, zone).asUtc - at).toBe(expected);
        },
      ),
    );
  });
});
