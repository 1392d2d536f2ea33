import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkPolicy, describeHours, isOvernight, localClock, withinHours, withinHoursAt } from './policy';
import { allowedHoursSchema, DEFAULT_POLICY } from './schemas';

/**
 * Allowed hours (decisions 0067 and 0072): a same-day window [from, to) or an overnight one (to earlier than
 * from) whose hours after midnight belong to the day it starts. The oracle below states the rule another way:
 * each allowed day opens an interval of the week (in minutes from Monday 00:00, wrapping past Sunday), and a
 * wall-clock time is allowed when it falls in one of them.
 */
const WEEK = 7 * 1440;
const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
const days = fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 });
const minute = fc.integer({ min: 0, max: 1439 });
const hoursArb = fc
  .tuple(days, minute, minute)
  .filter(([, f, t]) => f !== t)
  .map(([d, f, t]) => ({ days: d, from: hhmm(f), to: hhmm(t) }));
const clockArb = fc.record({ day: fc.integer({ min: 1, max: 7 }), minutes: minute });

function oracle(hours: { days: number[]; from: string; to: string }, clock: { day: number; minutes: number }) {
  const from = Number(hours.from.slice(0, 2)) * 60 + Number(hours.from.slice(3));
  const to = Number(hours.to.slice(0, 2)) * 60 + Number(hours.to.slice(3));
  const length = (to - from + 1440) % 1440;
  const t = (clock.day - 1) * 1440 + clock.minutes;
  return hours.days.some((d) => {
    const start = (d - 1) * 1440 + from;
    return (t - start + WEEK) % WEEK < length;
  });
}

describe('allowed hours on the wall clock (no daylight saving)', () => {
  it('allowed exactly when the time falls in a window opened by an allowed day', () => {
    fc.assert(
      fc.property(hoursArb, clockArb, (hours, clock) => {
        expect(withinHoursAt(hours, clock)).toBe(oracle(hours, clock));
      }),
      { numRuns: 2000 },
    );
  });

  it('a week holds exactly days × the window’s length of allowed minutes', () => {
    fc.assert(
      fc.property(hoursArb, (hours) => {
        let allowed = 0;
        for (let t = 0; t < WEEK; t++) if (withinHoursAt(hours, { day: Math.floor(t / 1440) + 1, minutes: t % 1440 })) allowed++;
        const from = Number(hours.from.slice(0, 2)) * 60 + Number(hours.from.slice(3));
        const to = Number(hours.to.slice(0, 2)) * 60 + Number(hours.to.slice(3));
        expect(allowed).toBe(hours.days.length * ((to - from + 1440) % 1440));
      }),
      { numRuns: 60 },
    );
  });

  it('an overnight window’s hours after midnight belong to the day it starts', () => {
    fc.assert(
      fc.property(days, fc.integer({ min: 1, max: 1439 }), fc.integer({ min: 0, max: 1438 }), (d, from, to) => {
        fc.pre(to < from);
        const hours = { days: d, from: hhmm(from), to: hhmm(to) };
        expect(isOvernight(hours)).toBe(true);
        for (const day of [1, 2, 3, 4, 5, 6, 7]) {
          const next = (day % 7) + 1;
          // Just after midnight of the next day: allowed exactly when the window's start day is allowed.
          if (to > 0) expect(withinHoursAt(hours, { day: next, minutes: 0 })).toBe(d.includes(day));
          // The evening part stays on its own day.
          expect(withinHoursAt(hours, { day, minutes: from })).toBe(d.includes(day));
          // The end is not included (and the next day's own window opens later, at `from`).
          expect(withinHoursAt(hours, { day: next, minutes: to })).toBe(false);
        }
      }),
    );
  });

  it('Mon–Fri 22:00–06:00: Friday night into Saturday morning yes, Sunday night into Monday morning no', () => {
    const h = { days: [1, 2, 3, 4, 5], from: '22:00', to: '06:00' };
    const at = (day: number, time: string) => withinHoursAt(h, { day, minutes: Number(time.slice(0, 2)) * 60 + Number(time.slice(3)) });
    expect([at(5, '22:00'), at(5, '23:59'), at(6, '00:00'), at(6, '05:59')]).toEqual([true, true, true, true]);
    expect([at(6, '06:00'), at(6, '22:00'), at(7, '23:00'), at(1, '03:00'), at(1, '21:59'), at(1, '12:00')]).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect([at(1, '22:00'), at(2, '03:00')]).toEqual([true, true]);
    // Sunday's window runs into Monday morning (the week wraps).
    expect(withinHoursAt({ days: [7], from: '23:00', to: '01:00' }, { day: 1, minutes: 30 })).toBe(true);
    expect(withinHoursAt({ days: [7], from: '23:00', to: '01:00' }, { day: 7, minutes: 30 })).toBe(false);
  });
});

describe('allowed hours on a city’s clock without daylight saving', () => {
  // UTC+05:30 and UTC all year: the wall clock is the instant shifted by a fixed offset, computed here without Intl.
  const zones = [
    ['UTC', 0],
    ['Asia/Kolkata', 330],
    ['Asia/Tokyo', 540],
  ] as const;
  const fixedClock = (at: Date, offsetMin: number) => {
    const shifted = new Date(at.getTime() + offsetMin * 60_000);
    return { day: ((shifted.getUTCDay() + 6) % 7) + 1, minutes: shifted.getUTCHours() * 60 + shifted.getUTCMinutes() };
  };

  it('the city’s clock is the instant at its fixed offset, and the check reads it', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.constantFrom(...zones),
        hoursArb,
        (at, [tz, offset], hours) => {
          const clock = fixedClock(at, offset);
          expect(localClock(at, tz)).toEqual(clock);
          expect(withinHours(hours, at, tz)).toBe(oracle(hours, clock));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('Kolkata, Mon–Fri 22:00–06:00: Friday 23:30 and Saturday 05:59 local yes; Saturday 06:00 and Monday 03:00 no', () => {
    const h = { days: [1, 2, 3, 4, 5], from: '22:00', to: '06:00' };
    // 2026-11-27 is a Friday. Kolkata is UTC+05:30.
    expect(withinHours(h, new Date('2026-11-27T18:00:00Z'), 'Asia/Kolkata')).toBe(true); // Fri 23:30
    expect(withinHours(h, new Date('2026-11-28T00:29:00Z'), 'Asia/Kolkata')).toBe(true); // Sat 05:59
    expect(withinHours(h, new Date('2026-11-28T00:30:00Z'), 'Asia/Kolkata')).toBe(false); // Sat 06:00
    expect(withinHours(h, new Date('2026-11-29T21:30:00Z'), 'Asia/Kolkata')).toBe(false); // Mon 03:00
    expect(withinHours(h, new Date('2026-11-30T21:30:00Z'), 'Asia/Kolkata')).toBe(true); // Tue 03:00
    // The same instant in UTC is Friday 18:00: outside.
    expect(withinHours(h, new Date('2026-11-27T18:00:00Z'), 'UTC')).toBe(false);
  });
});

describe('the words', () => {
  it('says overnight on the form and in the refusal, in the refusal’s own parentheses', () => {
    const h = { days: [1, 2, 3, 4, 5], from: '22:00', to: '06:00' };
    expect(describeHours(h)).toBe('Mon–Fri 22:00–06:00 (overnight)');
    expect(describeHours({ ...h, from: '07:00', to: '20:00' })).toBe('Mon–Fri 07:00–20:00');
    const verdict = checkPolicy(
      { ...DEFAULT_POLICY, allowed_hours: h },
      {
        company_name: 'Acme',
        currency: 'USD',
        time_zone: 'UTC',
        ride_type: 'economy',
        fare_cents: 100,
        at: new Date('2026-11-27T12:00:00Z'),
        pickup: { lat: 0, lng: 0 },
        budget_left_cents: null,
      },
    );
    expect(verdict).toEqual({ allowed: false, refusal: 'hours', reason: 'Outside allowed hours (Mon–Fri 22:00–06:00, overnight)' });
  });

  it('the schema takes an overnight window and refuses one that starts and ends at the same time', () => {
    expect(allowedHoursSchema.safeParse({ days: [1], from: '22:00', to: '06:00' }).success).toBe(true);
    const same = allowedHoursSchema.safeParse({ days: [1], from: '09:00', to: '09:00' });
    expect(same.success).toBe(false);
    expect(same.error?.issues[0]?.message).toBe('The window cannot start and end at the same time');
  });
});
