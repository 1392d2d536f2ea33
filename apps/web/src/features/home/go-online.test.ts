import { describe, expect, it } from 'vitest';
import { decideGoOnline } from './go-online';

const rider = { roles: [] as string[] };
const driverRole = { roles: ['driver'] };

describe("decideGoOnline (§2 'Go Online - Driver')", () => {
  it('a visitor signs in first, then comes back to /driver-active', () => {
    expect(decideGoOnline(null, null)).toEqual({ kind: 'navigate', to: '/auth?returnTo=%2Fdriver-active' });
  });

  it('no driver role or no driver record → /driver', () => {
    expect(decideGoOnline(rider, null)).toEqual({ kind: 'navigate', to: '/driver' });
    expect(decideGoOnline(rider, { verification_status: 'approved' })).toEqual({ kind: 'navigate', to: '/driver' });
    expect(decideGoOnline(driverRole, null)).toEqual({ kind: 'navigate', to: '/driver' });
  });

  it('a record that is not approved: the status, verbatim, for the toast', () => {
    expect(decideGoOnline(driverRole, { verification_status: 'pending' })).toEqual({ kind: 'pending', status: 'pending' });
    expect(decideGoOnline(driverRole, { verification_status: 'rejected' })).toEqual({ kind: 'pending', status: 'rejected' });
    expect(decideGoOnline({ roles: ['admin', 'driver'] }, { verification_status: 'under_review' })).toEqual({ kind: 'pending', status: 'under_review' });
  });

  it('approved → /driver-active', () => {
    expect(decideGoOnline(driverRole, { verification_status: 'approved' })).toEqual({ kind: 'navigate', to: '/driver-active' });
  });
});
