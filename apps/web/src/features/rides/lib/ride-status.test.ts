import { describe, expect, it } from 'vitest';
import { RIDE_STATUSES } from '@openride/shared/rides/ride-state';
import { isDriverAssigned } from './ride-status';

describe('isDriverAssigned', () => {
  it('holds from the accept to the end of the trip, and not before or after', () => {
    expect(RIDE_STATUSES.filter(isDriverAssigned)).toEqual(['accepted', 'arrived', 'in_progress']);
    expect(isDriverAssigned(undefined)).toBe(false);
  });
});
