import { describe, expect, it } from 'vitest';
import { driverApplicationSchema, driverVerificationSchema } from './schemas';

const application = {
  full_name: 'Dana Driver',
  phone: '4155550142',
  license_number: 'D1',
  vehicle_make: 'Toyota',
  vehicle_model: 'Prius',
  vehicle_year: 2021,
  vehicle_color: 'Blue',
  license_plate: '7ABC123',
};

describe('driver application (§5)', () => {
  it('needs every field non-blank, trimmed', () => {
    expect(driverApplicationSchema.parse({ ...application, full_name: '  Dana  ' }).full_name).toBe('Dana');
    const blank = driverApplicationSchema.safeParse({ ...application, vehicle_color: '  ' });
    expect(blank.error!.issues[0]!.message).toBe('Please enter your vehicle color.');
  });
  it('takes years from 2000 to next calendar year', () => {
    const next = new Date().getFullYear() + 1;
    expect(driverApplicationSchema.safeParse({ ...application, vehicle_year: 2000 }).success).toBe(true);
    expect(driverApplicationSchema.safeParse({ ...application, vehicle_year: next }).success).toBe(true);
    expect(driverApplicationSchema.safeParse({ ...application, vehicle_year: 1999 }).error!.issues[0]!.message).toBe(
      `Vehicle year must be between 2000 and ${next}.`,
    );
    expect(driverApplicationSchema.safeParse({ ...application, vehicle_year: next + 1 }).success).toBe(false);
  });
});

describe('driver verification', () => {
  it('needs a reason to reject, not to approve', () => {
    expect(driverVerificationSchema.safeParse({ status: 'approved' }).success).toBe(true);
    expect(driverVerificationSchema.safeParse({ status: 'rejected' }).success).toBe(false);
    expect(driverVerificationSchema.safeParse({ status: 'rejected', reason: ' ' }).success).toBe(false);
    expect(driverVerificationSchema.safeParse({ status: 'rejected', reason: 'x'.repeat(501) }).success).toBe(false);
    expect(driverVerificationSchema.safeParse({ status: 'rejected', reason: 'Expired insurance' }).success).toBe(true);
  });
});
