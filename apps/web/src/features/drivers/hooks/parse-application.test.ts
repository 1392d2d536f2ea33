import { describe, expect, it } from 'vitest';
import { VEHICLE_YEAR_MIN, vehicleYearMax } from '@openride/shared/constants';
import { parseApplication } from './parse-application';

const form = {
  full_name: 'Dana Driver',
  phone: '(415) 555-0199',
  license_number: 'D1234567',
  license_plate: '7ABC123',
  vehicle_make: 'Toyota',
  vehicle_model: 'Prius',
  vehicle_year: String(new Date().getFullYear()),
  vehicle_color: 'Blue',
};

describe('parseApplication (§5 driver application)', () => {
  it('turns the year into a number and trims the rest', () => {
    const result = parseApplication({ ...form, vehicle_make: '  Toyota ' });
    expect(result).toEqual({ success: true, data: { ...form, vehicle_make: 'Toyota', vehicle_year: new Date().getFullYear() } });
  });

  it('accepts 2000 and next year, refuses one either side', () => {
    expect(parseApplication({ ...form, vehicle_year: String(VEHICLE_YEAR_MIN) }).success).toBe(true);
    expect(parseApplication({ ...form, vehicle_year: String(vehicleYearMax()) }).success).toBe(true);
    expect(parseApplication({ ...form, vehicle_year: String(VEHICLE_YEAR_MIN - 1) }).success).toBe(false);
    expect(parseApplication({ ...form, vehicle_year: String(vehicleYearMax() + 1) }).success).toBe(false);
  });

  it('every field is required; the first problem is the one reported', () => {
    expect(parseApplication({ ...form, full_name: ' ', license_plate: '' })).toEqual({ success: false, message: 'Please enter your full name.' });
    expect(parseApplication({ ...form, vehicle_year: '' }).success).toBe(false);
  });
});
