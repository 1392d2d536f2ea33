import type { ReferralStatus } from '@openride/shared/referrals/schemas';

/** A pending referral past its deadline reads as expired, whether or not a completion has written it down yet. */
export const displayStatus = (r: { status: ReferralStatus; expires_at: Date | string }): ReferralStatus =>
  r.status === 'pending' && new Date(r.expires_at).getTime() < Date.now() ? 'expired' : r.status;
