import { describe, expect, it } from 'vitest';
import { itemOf } from './compliance.repo';

const TODAY = '2026-11-25';
const paper = (
  status: 'in_review' | 'approved' | 'rejected',
  expires_on: string | null = null,
  extra: { starts_on?: string; rejection_reason?: string } = {},
) => ({
  status,
  expires_on,
  starts_on: extra.starts_on ?? null,
  rejection_reason: extra.rejection_reason ?? (status === 'rejected' ? 'Blurry' : null),
});

describe('itemOf: what a card says (decision 0049)', () => {
  it('missing when there is nothing', () => {
    expect(itemOf('driver_licence', true, [], TODAY)).toMatchObject({ status: 'missing', expires_on: null, days_left: null, label: "Driver's licence" });
  });
  it('approved far from expiry; expiring within 30 days; valid through its last day', () => {
    expect(itemOf('driver_licence', true, [paper('approved', '2027-06-01')], TODAY)).toMatchObject({ status: 'approved', days_left: 188 });
    expect(itemOf('driver_licence', true, [paper('approved', '2026-12-25')], TODAY)).toMatchObject({ status: 'expiring', days_left: 30 });
    expect(itemOf('driver_licence', true, [paper('approved', TODAY)], TODAY)).toMatchObject({ status: 'expiring', days_left: 0 });
    expect(itemOf('profile_photo', true, [paper('approved')], TODAY)).toMatchObject({ status: 'approved', days_left: null });
  });
  it('expired the day after its last day', () => {
    expect(itemOf('driver_licence', true, [paper('approved', '2026-11-24')], TODAY)).toMatchObject({
      status: 'expired',
      expires_on: '2026-11-24',
      days_left: -1,
    });
  });
  it('a renewal in review keeps the valid one, and says so', () => {
    expect(itemOf('driver_licence', true, [paper('in_review', '2031-01-01'), paper('approved', '2026-12-01')], TODAY)).toMatchObject({
      status: 'expiring',
      renewal_in_review: true,
    });
  });
  it('rejected with the reason; a rejected renewal keeps the valid one and still tells the reason', () => {
    expect(itemOf('driver_licence', true, [paper('rejected')], TODAY)).toMatchObject({ status: 'rejected', rejection_reason: 'Blurry' });
    expect(itemOf('driver_licence', true, [paper('rejected'), paper('approved', '2027-06-01')], TODAY)).toMatchObject({
      status: 'approved',
      rejection_reason: 'Blurry',
    });
  });
  it('a new upload after expiry is in review; a policy whose cover has not started waits', () => {
    expect(itemOf('driver_licence', true, [paper('in_review', '2030-01-01'), paper('approved', '2026-01-01')], TODAY)).toMatchObject({ status: 'in_review' });
    expect(itemOf('insurance', true, [paper('approved', '2027-12-01', { starts_on: '2026-12-01' })], TODAY)).toMatchObject({ status: 'in_review' });
  });
});
