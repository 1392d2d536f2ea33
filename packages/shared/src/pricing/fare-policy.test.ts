import { describe, expect, it } from 'vitest';
import { diffPolicies, formatTimeOfDay, inTimeWindow, minuteOfDayIn, parseTimeOfDay, timeMultiplierAt } from './fare-policy';
import { fareLines } from './fare-lines';
import { farePolicyFormSchema, farePolicyInputSchema, policyBodyFromForm } from './schemas';
import { fareBreakdown } from '../rides/fare';

describe('time-of-day windows', () => {
  it('parses and formats HH:MM, refusing what is not a time', () => {
    expect(parseTimeOfDay('22:00')).toBe(1320);
    expect(parseTimeOfDay('05:30')).toBe(330);
    for (const bad of ['24:00', '5:00', '12:60', 'noon', '']) expect(parseTimeOfDay(bad)).toBeNull();
    expect(formatTimeOfDay(1320)).toBe('22:00');
    expect(formatTimeOfDay(5)).toBe('00:05');
  });

  it('a window that wraps midnight holds the late evening and the early morning, not the day', () => {
    const [s, e] = [parseTimeOfDay('22:00')!, parseTimeOfDay('05:00')!];
    expect(inTimeWindow(parseTimeOfDay('22:00')!, s, e)).toBe(true);
    expect(inTimeWindow(parseTimeOfDay('23:59')!, s, e)).toBe(true);
    expect(inTimeWindow(0, s, e)).toBe(true);
    expect(inTimeWindow(parseTimeOfDay('04:59')!, s, e)).toBe(true);
    expect(inTimeWindow(parseTimeOfDay('05:00')!, s, e)).toBe(false);
    expect(inTimeWindow(parseTimeOfDay('12:00')!, s, e)).toBe(false);
    expect(inTimeWindow(parseTimeOfDay('21:59')!, s, e)).toBe(false);
    // A window within the day.
    expect(inTimeWindow(parseTimeOfDay('08:00')!, 420, 600)).toBe(true);
    expect(inTimeWindow(parseTimeOfDay('10:00')!, 420, 600)).toBe(false);
  });

  it("reads the window on the city's clock", () => {
    // 06:30 UTC on 25 Nov 2026 is 22:30 the evening before in San Francisco (PST, UTC−8).
    const at = new Date('2026-11-25T06:30:00Z');
    expect(minuteOfDayIn(at, 'America/Los_Angeles')).toBe(22 * 60 + 30);
    const night = { multiplier: 1.2, start_min: 1320, end_min: 300 };
    expect(timeMultiplierAt(night, at, 'America/Los_Angeles')).toBe(1.2);
    expect(timeMultiplierAt(night, at, 'UTC')).toBe(1);
    expect(timeMultiplierAt(null, at, 'America/Los_Angeles')).toBe(1);
  });
});

describe('policy input', () => {
  const valid = { ride_type: 'economy', base_cents: 250, per_km_cents: 110, per_min_cents: 30, minimum_cents: 800, booking_fee_cents: 250, seats: 4 };
  it('takes a policy with or without a night window; refuses negative money, fractions of a cent, a multiplier outside 1–3, a malformed or empty window', () => {
    expect(farePolicyInputSchema.parse(valid)).toMatchObject({ zone_id: null, night: null, effective_from: null });
    expect(farePolicyInputSchema.safeParse({ ...valid, night: { multiplier: 1.2, start: '22:00', end: '05:00' } }).success).toBe(true);
    for (const bad of [
      { base_cents: -1 },
      { minimum_cents: -1 },
      { per_km_cents: 1.5 },
      { night: { multiplier: 0.9, start: '22:00', end: '05:00' } },
      { night: { multiplier: 3.5, start: '22:00', end: '05:00' } },
      { night: { multiplier: 1.234, start: '22:00', end: '05:00' } },
      { night: { multiplier: 1.2, start: '25:00', end: '05:00' } },
      { night: { multiplier: 1.2, start: '22:00', end: '22:00' } },
      { effective_from: 'tomorrow' },
      { seats: 0 },
    ]) {
      expect(farePolicyInputSchema.safeParse({ ...valid, ...bad }).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('the form takes dollars and cents and sends integer cents; refuses negative amounts, a bad window, a missing date', () => {
    const typed = {
      base: '2.5',
      per_km: '1.10',
      per_min: '0.30',
      minimum: '8',
      booking_fee: '2.50',
      seats: '4',
      night_enabled: true,
      night_multiplier: '1.2',
      night_start: '22:00',
      night_end: '05:00',
      effective: 'now' as const,
      effective_at: '',
      note: '',
    };
    expect(policyBodyFromForm(farePolicyFormSchema('USD').parse(typed), { zone_id: null, ride_type: 'economy' })).toEqual({
      zone_id: null,
      ride_type: 'economy',
      base_cents: 250,
      per_km_cents: 110,
      per_min_cents: 30,
      minimum_cents: 800,
      booking_fee_cents: 250,
      seats: 4,
      night: { multiplier: 1.2, start: '22:00', end: '05:00' },
      effective_from: null,
      note: null,
    });
    for (const bad of [
      { base: '-1' },
      { minimum: '2.505' },
      { per_km: 'free' },
      { night_multiplier: '3.5' },
      { night_end: '22:00' },
      { night_start: '10pm' },
      { effective: 'at' as const, effective_at: '' },
      { seats: '0' },
    ]) {
      expect(farePolicyFormSchema('USD').safeParse({ ...typed, ...bad }).success, JSON.stringify(bad)).toBe(false);
    }
    // Without a night window its fields are not read.
    expect(farePolicyFormSchema('USD').safeParse({ ...typed, night_enabled: false, night_multiplier: '', night_start: '', night_end: '' }).success).toBe(true);
  });

  it("the form reads amounts in the city's currency: whole yen, fils in thousandths", () => {
    const typed = {
      base: '1050',
      per_km: '120',
      per_min: '30',
      minimum: '800',
      booking_fee: '0',
      seats: '4',
      night_enabled: false,
      night_multiplier: '',
      night_start: '',
      night_end: '',
      effective: 'now' as const,
      effective_at: '',
      note: '',
    };
    expect(farePolicyFormSchema('JPY').parse(typed).base).toBe(1050);
    const refused = farePolicyFormSchema('JPY').safeParse({ ...typed, base: '10.5' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('Enter an amount in JPY, like 250');
    expect(farePolicyFormSchema('KWD').parse({ ...typed, base: '1.234' }).base).toBe(1234);
    expect(farePolicyFormSchema('KWD').safeParse({ ...typed, base: '1.2345' }).success).toBe(false);
    expect(farePolicyFormSchema('USD').parse({ ...typed, base: '2.50' }).base).toBe(250);
    expect(farePolicyFormSchema('USD').safeParse({ ...typed, base: '10000.01' }).success).toBe(false);
  });
});

describe('diffPolicies and fareLines', () => {
  it('lists the fields that changed, old → new, the night window as one field', () => {
    const v1 = { base_cents: 250, per_km_cents: 110, per_min_cents: 30, minimum_cents: 800, booking_fee_cents: 250, seats: 4, night: null };
    const v2 = { ...v1, base_cents: 300, night: { multiplier: 1.2, start: '22:00', end: '05:00' } };
    expect(diffPolicies(v1, v2)).toEqual([
      { field: 'base_cents', from: 250, to: 300 },
      { field: 'night', from: null, to: { multiplier: 1.2, start: '22:00', end: '05:00' } },
    ]);
    expect(diffPolicies(v2, { ...v2, night: { multiplier: 1.2, start: '22:00', end: '05:00' } })).toEqual([]);
  });

  it('the lines add up to the total; all six in the simulator', () => {
    const b = fareBreakdown({ base_cents: 250, per_km_cents: 110, per_min_cents: 30, minimum_cents: 800, booking_fee_cents: 250 }, 3_333, 777, { time: 1.2 });
    const lines = fareLines(b, 3_333, 777, { all: true });
    expect(lines.map((l) => l.key)).toEqual(['base', 'distance', 'time', 'multipliers', 'minimum', 'booking_fee']);
    expect(lines.reduce((a, l) => a + l.amount_cents, 0)).toBe(b.total_cents);
    expect(lines[3]!.label).toBe('Time of day × 1.2');
  });
});
